// Launch failures are reported through hpar::rt::fail with the kernel's label and source line:
// a bad launch configuration (check_launch's cudaGetLastError), and, with HPAR_SYNC_LAUNCH=1, a
// kernel that faults while running. Each case runs in a child process (the failure aborts it)
// and the parent checks the message.
#include <hpar/rt/cuda.cuh>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "check.hpp"

__global__ void hpar_bad_L7(int* p) {
  if (p) *p = 1;
}

static int child(const char* which) {
  const hpar::rt::KernelSite site{"bad", "hpar_bad_L7", "launch_errors.cpp", 7};
  if (std::strcmp(which, "config") == 0) {
    hpar_bad_L7<<<1, 4096>>>(nullptr);  // more threads than a block may have
  } else {
    hpar_bad_L7<<<1, 1>>>(reinterpret_cast<int*>(16));  // faults while running
  }
  hpar::rt::cuda::check_launch(site);
  cudaDeviceSynchronize();
  std::printf("child: no failure reported\n");
  return 0;
}

static std::string run_child(const std::string& self, const char* which, const char* env) {
  const std::string command = std::string(env) + " " + self + " " + which + " 2>&1";
  std::string out;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, pipe)) out += buffer;
    pclose(pipe);
  }
  return out;
}

int main(int argc, char** argv) {
  if (argc > 1) return child(argv[1]);
  const std::string prefix = "hpar: error: kernel 'hpar_bad_L7' (label \"bad\", launch_errors.cpp:7): ";
  const std::string config = run_child(argv[0], "config", "HPAR_SYNC_LAUNCH=0");
  EXPECT(config.find(prefix + "launch failed: ") != std::string::npos,  // CUDA 13: "invalid argument"
         "bad configuration reported as: %s", config.c_str());
  const std::string fault = run_child(argv[0], "fault", "HPAR_SYNC_LAUNCH=1");
  EXPECT(fault.find(prefix + "kernel failed: an illegal memory access was encountered") != std::string::npos,
         "fault reported as: %s", fault.c_str());
  return finish_tests("launch_errors");
}
