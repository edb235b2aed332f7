// Checks what host code that reads and writes a default-space View element by element does, as Kokkos' view_copy_constructor benchmark does in its constructor: in the serial build, where that memory is the host's, it works; in the CUDA build, where it is device memory, the program stops with the View's label and Kokkos' "attempt to access inaccessible memory space", never a segmentation fault. The access runs in a child process, whose exit and message the parent checks. (The OpenMP builds are not checked: their default memory is the host's when kernels run on the host and a GPU's otherwise, and the host code cannot tell; docs/user-guide.md.)
// HPAR-EXEC: serial cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <csignal>
#include <cstring>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

// A collection of Views filled on the host, the way the benchmark fills it.
class Collection {
 public:
  Kokkos::View<double*> a, b;
  explicit Collection(int n) : a("collection_a", n), b("collection_b", n) {
    for (int i = 0; i < n; ++i) {
      a(i) = 1;
      b[i] = 2;
    }
  }
  double sum(int n) const {
    double s = 0;
    for (int i = 0; i < n; ++i) s += a(i) + b(i);
    return s;
  }
};

// Runs body in a child process; returns its wait status and what it wrote to stdout and stderr.
template <class Body>
int in_child(Body body, std::string& output) {
  int fds[2];
  if (pipe(fds) != 0) return -1;
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    dup2(fds[1], 1);
    dup2(fds[1], 2);
    const int code = body();
    std::fflush(nullptr);
    _exit(code);
  }
  close(fds[1]);
  char buffer[4096];
  ssize_t got;
  while ((got = read(fds[0], buffer, sizeof buffer)) > 0) output.append(buffer, size_t(got));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return status;
}

int main(int argc, char** argv) {
  Kokkos::ScopeGuard guard(argc, argv);
  constexpr bool host_reaches_default_memory =
      Kokkos::SpaceAccessibility<Kokkos::HostSpace,
                                 Kokkos::DefaultExecutionSpace::memory_space>::accessible;
  const int n = 1000;
  std::string output;
  const int status = in_child([&]() {
    Collection c(n);
    return c.sum(n) == 3.0 * n ? 0 : 3;
  }, output);
  if (host_reaches_default_memory) {
    check(WIFEXITED(status) && WEXITSTATUS(status) == 0,
          "host code fills and sums Views the host can reach");
  } else {
    check(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
          "host code that touches device memory stops with abort, not a crash");
    check(output.find("attempt to access inaccessible memory space") != std::string::npos,
          "the message says what Kokkos says");
    check(output.find("'collection_a'") != std::string::npos, "the message names the View");
    if (g_failed) std::printf("child's output: %s\n", output.c_str());
  }

  // Through a host mirror the same work is right everywhere.
  Kokkos::View<double*> d("d", n);
  auto h = Kokkos::create_mirror_view(d);
  for (int i = 0; i < n; ++i) h(i) = i;
  Kokkos::deep_copy(d, h);
  double total = 0;
  Kokkos::parallel_reduce("sum_d", n, KOKKOS_LAMBDA(const int i, double& s) { s += d(i); }, total);
  check_eq("sum through a mirror", (long long)total, (long long)n * (n - 1) / 2);
  return report();
}
