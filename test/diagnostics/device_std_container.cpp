// Standard containers and strings allocate host memory: constructing one in a kernel or in a
// function it reaches, through a library call (std::to_string), a default argument, a default
// member initialiser or a member's implicit construction, capturing one by copy in a lambda
// functor (also through a reference) and holding one in a class functor are all rejected.
// std::array, std::pair, std::tuple and std::complex are fine (see device_legal.cpp).
// RUN: not %hpar-translate --check %s -- 2>&1 | %FileCheck %s
// RUN: rm -f %t.cu
// RUN: not %hpar-translate --backend=cuda %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
#include <hpar/hpar.hpp>
#include <map>
#include <string>
#include <unordered_set>
#include <vector>

struct Particle {
  std::vector<double> history;
  double x = 0;
};
struct Tagged {
  std::string tag = "none";
  int value = 0;
};
double weight(double v, const std::string& unit = "kg") { return v; }
int count_unique(int n) {
  std::unordered_set<int> seen;
  std::map<int, int> counts;
  return n;
}

struct Lookup {
  hpar::View<double*> x;
  std::vector<double> table;
  HPAR_INLINE_FUNCTION void operator()(int i) const { x(i) = count_unique(i); }
};

void containers(hpar::View<double*> x, std::vector<double> w, const std::string& label) {
  hpar::parallel_for("build", x.extent(0), HPAR_LAMBDA(int i) {
    std::vector<int> v(4);
    std::string name = std::to_string(i);
    Particle p;
    Tagged t{};
    x(i) = v[0] + name.size() + p.x + t.value + weight(x(i));
  });
  hpar::parallel_for("capture", x.extent(0), HPAR_LAMBDA(int i) { x(i) = w[i]; });
  hpar::parallel_for("lookup", x.extent(0), Lookup{x, {}});
  hpar::parallel_for("label", x.extent(0), HPAR_LAMBDA(int i) { x(i) = label.size(); });
}
// CHECK: device_std_container.cpp:39:22: error: kernel 'hpar_build_L38' constructs a 'std::vector<int>'; standard containers and strings allocate host memory and cannot be used on the device: use a View, or a fixed-size array [hpar-device-std-container]
// CHECK: device_std_container.cpp:40:24: error: kernel 'hpar_build_L38' calls 'std::to_string', which constructs a 'std::string'; standard containers and strings allocate host memory and cannot be used on the device: use a View, or a fixed-size array [hpar-device-std-container]
// CHECK: device_std_container.cpp:17:23: error: 'Particle::Particle' (reached from kernel 'hpar_build_L38') constructs a 'std::vector<double>'; standard containers and strings allocate host memory and cannot be used on the device: use a View, or a fixed-size array [hpar-device-std-container]
// CHECK: device_std_container.cpp:41:14: note: 'Particle::Particle' called from kernel 'hpar_build_L38' here
// CHECK: device_std_container.cpp:21:21: error: kernel 'hpar_build_L38' constructs a 'std::string'; standard containers and strings allocate host memory and cannot be used on the device: use a View, or a fixed-size array [hpar-device-std-container]
// CHECK: device_std_container.cpp:42:14: note: default member initialiser used here
// CHECK: device_std_container.cpp:24:51: error: kernel 'hpar_build_L38' constructs a 'std::string'; standard containers and strings allocate host memory and cannot be used on the device: use a View, or a fixed-size array [hpar-device-std-container]
// CHECK: device_std_container.cpp:43:49: note: default argument used here
// CHECK: device_std_container.cpp:45:74: error: kernel 'hpar_capture_L45' captures 'w', a 'std::vector<double>', by copy; standard containers and strings hold host memory and cannot be used on the device: copy the data into a View [hpar-device-std-container]
// CHECK: device_std_container.cpp:37:60: note: 'w' declared here
// CHECK: device_std_container.cpp:33:23: error: functor 'Lookup' of kernel 'hpar_lookup_L46' holds 'table', a 'std::vector<double>'; standard containers and strings hold host memory and cannot be used on the device: hold a View instead [hpar-device-std-container]
// CHECK: device_std_container.cpp:46:3: note: functor copied to the device here
// CHECK: device_std_container.cpp:26:27: error: 'count_unique' (reached from kernel 'hpar_lookup_L46') constructs a 'std::unordered_set<int>'; standard containers and strings allocate host memory and cannot be used on the device: use a View, or a fixed-size array [hpar-device-std-container]
// CHECK: device_std_container.cpp:34:62: note: 'count_unique' called from 'Lookup::operator()' here
// CHECK: device_std_container.cpp:46:3: note: 'Lookup::operator()' runs as kernel 'hpar_lookup_L46', launched here
// CHECK: device_std_container.cpp:27:22: error: 'count_unique' (reached from kernel 'hpar_lookup_L46') constructs a 'std::map<int, int>'; standard containers and strings allocate host memory and cannot be used on the device: use a View, or a fixed-size array [hpar-device-std-container]
// CHECK: device_std_container.cpp:34:62: note: 'count_unique' called from 'Lookup::operator()' here
// CHECK: device_std_container.cpp:46:3: note: 'Lookup::operator()' runs as kernel 'hpar_lookup_L46', launched here
// CHECK: device_std_container.cpp:47:72: error: kernel 'hpar_label_L47' captures 'label', a 'std::string', by copy; standard containers and strings hold host memory and cannot be used on the device: copy the data into a View [hpar-device-std-container]
// CHECK: device_std_container.cpp:37:82: note: 'label' declared here
// CHECK-NOT: error:
// CHECK: 10 errors generated.
