// Checks execution space instances: dispatches over policies built from an instance, its fence,
// deep_copy on it and partition_space; on CUDA, Kokkos::Cuda instances over the program's own
// cudaStreamNonBlocking streams, whose kernels (range, MDRange and team; for, reduce and scan)
// must run on that stream, after the program's cudaMemcpyAsync on it, for every element to be
// right, and whose reductions into a host scalar wait for that stream.
// HPAR-EXEC: serial cuda
#include <Kokkos_Core.hpp>
#include "check.hpp"

#include <cstdio>
#include <vector>

namespace {

// Checks that hold on any default execution space: instances from partition_space, policies
// over instances, fences of instances, deep_copy on an instance.
void instance_checks() {
  using Exec = Kokkos::DefaultExecutionSpace;
  constexpr int m = 100000;
  Exec exec;
  std::vector<Exec> parts = Kokkos::Experimental::partition_space(exec, 1, 1);
  check_eq("partition_space(exec, 1, 1): instances", (long long)parts.size(), 2);
  std::vector<Exec> weighted = Kokkos::Experimental::partition_space(exec, std::vector<double>{1.0, 2.0, 0.5});
  check_eq("partition_space(exec, {1.0, 2.0, 0.5}): instances", (long long)weighted.size(), 3);

  Kokkos::View<long*> a("a", m), b("b", m);
  Kokkos::parallel_for("fill_a", Kokkos::RangePolicy<Exec>(parts[0], 0, m),
                       KOKKOS_LAMBDA(const int i) { a(i) = 3L * i; });
  Kokkos::parallel_for("fill_b", Kokkos::RangePolicy<Exec>(parts[1], 0, m),
                       KOKKOS_LAMBDA(const int i) { b(i) = 1L; });
  parts[0].fence();
  parts[1].fence("b filled");
  long sum = 0;
  Kokkos::parallel_reduce("sum_ab", Kokkos::RangePolicy<Exec>(parts[1], 0, m),
                          KOKKOS_LAMBDA(const int i, long& s) { s += a(i) + b(i); }, sum);
  check_eq("reduction on a partition into a host scalar", sum, 3L * m * (m - 1) / 2 + m);

  // deep_copy on an instance: ordered on it; the host reads after fencing it.
  auto host = Kokkos::create_mirror_view(a);
  for (int i = 0; i < m; ++i) host(i) = 7L * i;
  Kokkos::deep_copy(exec, a, host);
  Kokkos::parallel_for("double_a", Kokkos::RangePolicy<Exec>(exec, 0, m),
                       KOKKOS_LAMBDA(const int i) { a(i) *= 2; });
  Kokkos::deep_copy(exec, b, 0);
  Kokkos::deep_copy(exec, host, a);
  exec.fence();
  long bad = 0;
  for (int i = 0; i < m; ++i) bad += host(i) != 14L * i;
  check_eq("deep_copy(exec, ...) then a kernel on exec: wrong elements", bad, 0);
  auto host_b = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), b);
  bad = 0;
  for (int i = 0; i < m; ++i) bad += host_b(i) != 0;
  check_eq("deep_copy(exec, view, 0): nonzero elements", bad, 0);
}

#ifdef KOKKOS_ENABLE_CUDA
// 128 MB of doubles: a copy of them from pinned memory takes milliseconds, long after a kernel
// that ignored the stream would have read its input.
constexpr int n = 1 << 24;

double value_at(int i) { return double(i % 8); }
/// Sum of value_at over [0, i).
double prefix_at(long i) { return double((i / 8) * 28 + (i % 8) * (i % 8 - 1) / 2); }

/// Copies `pinned` into `in` on `stream` (asynchronously), as a CUDA program feeds its kernels.
void feed(const Kokkos::View<double*>& in, const double* pinned, cudaStream_t stream) {
  cudaMemcpyAsync(in.data(), pinned, n * sizeof(double), cudaMemcpyHostToDevice, stream);
}

/// Copies `out` back into `pinned` on `stream`, waits for the stream, and counts the elements
/// that differ from expected(i).
template <class Expected>
long count_wrong(const Kokkos::View<double*>& out, double* pinned, cudaStream_t stream,
                 Expected expected) {
  cudaMemcpyAsync(pinned, out.data(), n * sizeof(double), cudaMemcpyDeviceToHost, stream);
  cudaStreamSynchronize(stream);
  long bad = 0;
  for (int i = 0; i < n; ++i) bad += pinned[i] != expected(i);
  return bad;
}

void stream_checks() {
  cudaStream_t stream, other;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking);
  double* pinned = nullptr;
  double* pinned_other = nullptr;
  cudaMallocHost(&pinned, n * sizeof(double));
  cudaMallocHost(&pinned_other, n * sizeof(double));
  {
    Kokkos::Cuda exec(stream);
    Kokkos::Cuda exec_other(other);
    check(exec.cuda_stream() == stream, "cuda_stream() is the stream given");
    check(exec == Kokkos::Cuda(stream), "instances on one stream compare equal");
    check(exec != exec_other, "instances on two streams differ");
    check(!(exec == Kokkos::Cuda()), "an instance differs from the default one");
    int device = -1;
    cudaGetDevice(&device);
    check_eq("cuda_device()", exec.cuda_device(), device);
    Kokkos::View<double*> in("in", n), out("out", n);
    Kokkos::View<double*> in_other("in_other", n), out_other("out_other", n);

    // Range for, after a copy on the stream.
    for (int i = 0; i < n; ++i) pinned[i] = value_at(i);
    feed(in, pinned, stream);
    Kokkos::parallel_for("scale", Kokkos::RangePolicy<Kokkos::Cuda>(exec, 0, n),
                         KOKKOS_LAMBDA(const int i) { out(i) = 2 * in(i) + 1; });
    check_eq("range for on the instance: wrong elements",
             count_wrong(out, pinned, stream, [](int i) { return 2 * value_at(i) + 1; }), 0);

    // Range reduce into a host scalar: waits for the stream only.
    for (int i = 0; i < n; ++i) pinned[i] = value_at(i);
    feed(in, pinned, stream);
    double total = -1;
    Kokkos::parallel_reduce("sum", Kokkos::RangePolicy<Kokkos::Cuda>(exec, 0, n),
                            KOKKOS_LAMBDA(const int i, double& s) { s += in(i); }, total);
    check_same("range reduce on the instance into a host scalar", total, prefix_at(n));

    // Range scan with a total, its look-back state reset on the stream.
    double scanned = -1;
    Kokkos::parallel_scan("prefix", Kokkos::RangePolicy<Kokkos::Cuda>(exec, 0, n),
                          KOKKOS_LAMBDA(const int i, double& update, const bool final) {
                            if (final) out(i) = update;
                            update += in(i);
                          },
                          scanned);
    check_same("range scan on the instance: total", scanned, prefix_at(n));
    check_eq("range scan on the instance: wrong prefixes",
             count_wrong(out, pinned, stream, [](int i) { return prefix_at(i); }), 0);

    // MDRange for and reduce.
    constexpr int rows = 4096, cols = n / rows;
    for (int i = 0; i < n; ++i) pinned[i] = value_at(i);
    feed(in, pinned, stream);
    Kokkos::parallel_for("md_scale",
                         Kokkos::MDRangePolicy<Kokkos::Cuda, Kokkos::Rank<2>>(exec, {0, 0}, {rows, cols}),
                         KOKKOS_LAMBDA(const int r, const int c) {
                           out(r * cols + c) = 3 * in(r * cols + c);
                         });
    double md_total = -1;
    Kokkos::parallel_reduce("md_sum",
                            Kokkos::MDRangePolicy<Kokkos::Cuda, Kokkos::Rank<2>>(exec, {0, 0}, {rows, cols}),
                            KOKKOS_LAMBDA(const int r, const int c, double& s) { s += out(r * cols + c); },
                            md_total);
    check_same("MDRange reduce on the instance into a host scalar", md_total, 3 * prefix_at(n));
    check_eq("MDRange for on the instance: wrong elements",
             count_wrong(out, pinned, stream, [](int i) { return 3 * value_at(i); }), 0);

    // Team for and reduce.
    using member = Kokkos::TeamPolicy<Kokkos::Cuda>::member_type;
    for (int i = 0; i < n; ++i) pinned[i] = value_at(i);
    feed(in, pinned, stream);
    Kokkos::parallel_for("team_shift", Kokkos::TeamPolicy<Kokkos::Cuda>(exec, rows, Kokkos::AUTO),
                         KOKKOS_LAMBDA(const member& team) {
                           const int r = team.league_rank();
                           Kokkos::parallel_for(Kokkos::TeamThreadRange(team, cols), [&](const int c) {
                             out(r * cols + c) = in(r * cols + c) - 1;
                           });
                         });
    double team_total = -1;
    Kokkos::parallel_reduce("team_sum", Kokkos::TeamPolicy<Kokkos::Cuda>(exec, rows, Kokkos::AUTO),
                            KOKKOS_LAMBDA(const member& team, double& s) {
                              const int r = team.league_rank();
                              double row = 0;
                              Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, cols),
                                                      [&](const int c, double& t) { t += in(r * cols + c); },
                                                      row);
                              Kokkos::single(Kokkos::PerTeam(team), [&]() { s += row; });
                            },
                            team_total);
    check_same("team reduce on the instance into a host scalar", team_total, prefix_at(n));
    check_eq("team for on the instance: wrong elements",
             count_wrong(out, pinned, stream, [](int i) { return value_at(i) - 1; }), 0);

    // Two instances at once: each kernel waits for its own stream's copy, and reductions into
    // device Views, which do not wait, run side by side on their two streams.
    for (int i = 0; i < n; ++i) {
      pinned[i] = value_at(i);
      pinned_other[i] = 2 * value_at(i);
    }
    Kokkos::View<double> sum_view("sum_view"), sum_view_other("sum_view_other");
    feed(in, pinned, stream);
    feed(in_other, pinned_other, other);
    Kokkos::parallel_for("one", Kokkos::RangePolicy<Kokkos::Cuda>(exec, 0, n),
                         KOKKOS_LAMBDA(const int i) { out(i) = in(i) + 10; });
    Kokkos::parallel_for("two", Kokkos::RangePolicy<Kokkos::Cuda>(exec_other, 0, n),
                         KOKKOS_LAMBDA(const int i) { out_other(i) = in_other(i) + 20; });
    Kokkos::parallel_reduce("one_sum", Kokkos::RangePolicy<Kokkos::Cuda>(exec, 0, n),
                            KOKKOS_LAMBDA(const int i, double& s) { s += in(i); }, sum_view);
    Kokkos::parallel_reduce("two_sum", Kokkos::RangePolicy<Kokkos::Cuda>(exec_other, 0, n),
                            KOKKOS_LAMBDA(const int i, double& s) { s += in_other(i); }, sum_view_other);
    double sums[2] = {-1, -1};
    cudaMemcpyAsync(&sums[0], sum_view.data(), sizeof(double), cudaMemcpyDeviceToHost, stream);
    cudaMemcpyAsync(&sums[1], sum_view_other.data(), sizeof(double), cudaMemcpyDeviceToHost, other);
    cudaStreamSynchronize(stream);
    cudaStreamSynchronize(other);
    check_same("reduction into a device View on the first instance", sums[0], prefix_at(n));
    check_same("reduction into a device View on the second instance", sums[1], 2 * prefix_at(n));
    check_eq("first of two instances: wrong elements",
             count_wrong(out, pinned, stream, [](int i) { return value_at(i) + 10; }), 0);
    check_eq("second of two instances: wrong elements",
             count_wrong(out_other, pinned_other, other, [](int i) { return 2 * value_at(i) + 20; }), 0);

    // deep_copy on an instance goes to its stream, after the copy the program made on it.
    for (int i = 0; i < n; ++i) pinned[i] = value_at(i);
    feed(in, pinned, stream);
    Kokkos::deep_copy(exec, out, in);
    check_eq("deep_copy(exec, out, in) after a copy on the stream: wrong elements",
             count_wrong(out, pinned, stream, [](int i) { return value_at(i); }), 0);

    // An instance that owns its stream, and its copies.
    cudaStream_t owned_stream;
    cudaStreamCreateWithFlags(&owned_stream, cudaStreamNonBlocking);
    {
      Kokkos::Cuda owner(owned_stream, Kokkos::Impl::ManageStream::yes);
      Kokkos::Cuda copy = owner;
      check(copy == owner && copy.cuda_stream() == owned_stream, "a copy shares the instance's stream");
      long count = 0;
      Kokkos::parallel_reduce("owned_count", Kokkos::RangePolicy<Kokkos::Cuda>(copy, 0, 1000),
                              KOKKOS_LAMBDA(const int i, long& c) { c += i % 2; }, count);
      check_eq("reduction on an instance that owns its stream", count, 500);
    }  // the last copy destroys owned_stream

    // partition_space gives instances on new streams of their own.
    std::vector<Kokkos::Cuda> parts = Kokkos::Experimental::partition_space(exec, 1, 1);
    check(parts[0] != parts[1] && parts[0] != exec && parts[0].cuda_stream() != nullptr &&
              parts[1].cuda_stream() != nullptr,
          "partition_space: instances on new streams");
    double part_sums[2] = {-1, -1};
    for (int k = 0; k < 2; ++k)
      Kokkos::parallel_reduce("part_sum", Kokkos::RangePolicy<Kokkos::Cuda>(parts[k], 0, n),
                              KOKKOS_LAMBDA(const int i, double& s) { s += out(i); }, part_sums[k]);
    check_same("reduction on the first partition", part_sums[0], prefix_at(n));
    check_same("reduction on the second partition", part_sums[1], prefix_at(n));
    exec.fence();
    Kokkos::fence();
  }
  cudaFreeHost(pinned);
  cudaFreeHost(pinned_other);
  cudaStreamDestroy(stream);
  cudaStreamDestroy(other);
}
#endif

}  // namespace

int main(int argc, char* argv[]) {
  Kokkos::initialize(argc, argv);
  instance_checks();
#ifdef KOKKOS_ENABLE_CUDA
  stream_checks();
#endif
  Kokkos::finalize();
  return report();
}
