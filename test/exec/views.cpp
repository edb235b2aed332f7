// Checks Views: ranks 1-8, runtime and static extents, LayoutLeft/LayoutRight strides and data order, HostSpace, Unmanaged, shared ownership, deep_copy forms, extent/size/span/label.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <hpar/hpar.hpp>
#include "check.hpp"

#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

namespace {




struct ElementCheck {
  std::string what;
  long long bad = 0;
  explicit ElementCheck(std::string w) : what(std::move(w)) {}
  void operator()(long long index, double got, double expected) {
    if (got != expected) {
      if (bad < 5) std::printf("  %s: element %lld is %.17g, expected %.17g\n", what.c_str(), index, got, expected);
      ++bad;
    }
  }
  ~ElementCheck() {
    if (bad != 0) {
      ++g_failed;
      std::printf("check failed: %s: %lld mismatching elements\n", what.c_str(), bad);
    }
  }
};


template <int R, class M>
double at(const M& m, const int64_t* d) {
  if constexpr (R == 1) return m(d[0]);
  else if constexpr (R == 2) return m(d[0], d[1]);
  else if constexpr (R == 3) return m(d[0], d[1], d[2]);
  else if constexpr (R == 4) return m(d[0], d[1], d[2], d[3]);
  else if constexpr (R == 5) return m(d[0], d[1], d[2], d[3], d[4]);
  else if constexpr (R == 6) return m(d[0], d[1], d[2], d[3], d[4], d[5]);
  else if constexpr (R == 7) return m(d[0], d[1], d[2], d[3], d[4], d[5], d[6]);
  else return m(d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]);
}

// Copies a device View of rank R to the host and checks element (i0, ..., iR-1) == sum_d i_d * 10^d,
// and the extents, size, span and label.
template <int R, class V>
void check_digits(const V& v, const int64_t* ext, const char* label) {
  static_assert(int(V::rank) == R, "rank of the View type");
  const std::string what = std::string("rank ") + std::to_string(R) + " View";
  int64_t size = 1;
  for (int d = 0; d < R; ++d) {
    check_eq((what + " extent(" + std::to_string(d) + ")").c_str(), (long long)v.extent(d), ext[d]);
    size *= ext[d];
  }
  for (int d = R; d < 8; ++d) check_eq((what + " extent beyond the rank").c_str(), (long long)v.extent(d), 1);
  check_eq((what + " size()").c_str(), (long long)v.size(), size);
  check_eq((what + " span()").c_str(), (long long)v.span(), size);
  check((v.label() == label), (what + " label()").c_str());
  auto h = hpar::create_mirror_view(v);
  hpar::deep_copy(h, v);
  ElementCheck c(what + " elements");
  for (int64_t f = 0; f < size; ++f) {
    int64_t d[8];
    int64_t r = f;
    for (int k = R - 1; k >= 0; --k) {
      d[k] = r % ext[k];
      r /= ext[k];
    }
    double expect = 0.0, p = 1.0;
    for (int k = 0; k < R; ++k) {
      expect += double(d[k]) * p;
      p *= 10.0;
    }
    c(f, at<R>(h, d), expect);
  }
}

}  // namespace

void test_ranks() {
  {
    const int64_t e[1] = {1000003};
    hpar::View<double*> v("r1", e[0]);
    hpar::parallel_for("fill_r1", v.extent(0), HPAR_LAMBDA(const int64_t i) { v(i) = double(i); });
    check_digits<1>(v, e, "r1");
  }
  {
    const int64_t e[2] = {701, 9};
    hpar::View<double**> v("r2", e[0], e[1]);
    hpar::parallel_for("fill_r2", v.size(), HPAR_LAMBDA(const int64_t f) {
      const int64_t e1 = int64_t(v.extent(1));
      v(f / e1, f % e1) = double(f / e1) + 10.0 * double(f % e1);
    });
    check_digits<2>(v, e, "r2");
  }
  {
    const int64_t e[3] = {9, 8, 7};
    hpar::View<double***> v("r3", e[0], e[1], e[2]);
    hpar::parallel_for("fill_r3", v.size(), HPAR_LAMBDA(const int64_t f) {
      int64_t r = f;
      const int64_t i2 = r % int64_t(v.extent(2));
      r /= int64_t(v.extent(2));
      const int64_t i1 = r % int64_t(v.extent(1));
      const int64_t i0 = r / int64_t(v.extent(1));
      v(i0, i1, i2) = double(i0) + 10.0 * i1 + 100.0 * i2;
    });
    check_digits<3>(v, e, "r3");
  }
  {
    const int64_t e[4] = {5, 6, 7, 8};
    hpar::View<double****> v("r4", e[0], e[1], e[2], e[3]);
    hpar::parallel_for("fill_r4", v.size(), HPAR_LAMBDA(const int64_t f) {
      int64_t r = f;
      const int64_t i3 = r % int64_t(v.extent(3));
      r /= int64_t(v.extent(3));
      const int64_t i2 = r % int64_t(v.extent(2));
      r /= int64_t(v.extent(2));
      const int64_t i1 = r % int64_t(v.extent(1));
      const int64_t i0 = r / int64_t(v.extent(1));
      v(i0, i1, i2, i3) = double(i0) + 10.0 * i1 + 100.0 * i2 + 1000.0 * i3;
    });
    check_digits<4>(v, e, "r4");
  }
  {
    const int64_t e[5] = {3, 4, 5, 6, 7};
    hpar::View<double*****> v("r5", e[0], e[1], e[2], e[3], e[4]);
    hpar::parallel_for("fill_r5", v.size(), HPAR_LAMBDA(const int64_t f) {
      int64_t r = f;
      int64_t i[5];
      for (int d = 4; d >= 1; --d) {
        i[d] = r % int64_t(v.extent(d));
        r /= int64_t(v.extent(d));
      }
      i[0] = r;
      v(i[0], i[1], i[2], i[3], i[4]) = double(i[0]) + 10.0 * i[1] + 100.0 * i[2] + 1000.0 * i[3] + 10000.0 * i[4];
    });
    check_digits<5>(v, e, "r5");
  }
  {
    const int64_t e[6] = {2, 3, 4, 5, 3, 2};
    hpar::View<double******> v("r6", e[0], e[1], e[2], e[3], e[4], e[5]);
    hpar::parallel_for("fill_r6", v.size(), HPAR_LAMBDA(const int64_t f) {
      int64_t r = f;
      int64_t i[6];
      for (int d = 5; d >= 1; --d) {
        i[d] = r % int64_t(v.extent(d));
        r /= int64_t(v.extent(d));
      }
      i[0] = r;
      double code = 0.0, p = 1.0;
      for (int d = 0; d < 6; ++d) {
        code += double(i[d]) * p;
        p *= 10.0;
      }
      v(i[0], i[1], i[2], i[3], i[4], i[5]) = code;
    });
    check_digits<6>(v, e, "r6");
  }
  {
    const int64_t e[7] = {3, 2, 3, 2, 3, 2, 3};
    hpar::View<double*******> v("r7", e[0], e[1], e[2], e[3], e[4], e[5], e[6]);
    hpar::parallel_for("fill_r7", v.size(), HPAR_LAMBDA(const int64_t f) {
      int64_t r = f;
      int64_t i[7];
      for (int d = 6; d >= 1; --d) {
        i[d] = r % int64_t(v.extent(d));
        r /= int64_t(v.extent(d));
      }
      i[0] = r;
      double code = 0.0, p = 1.0;
      for (int d = 0; d < 7; ++d) {
        code += double(i[d]) * p;
        p *= 10.0;
      }
      v(i[0], i[1], i[2], i[3], i[4], i[5], i[6]) = code;
    });
    check_digits<7>(v, e, "r7");
  }
  {
    const int64_t e[8] = {2, 3, 2, 3, 2, 3, 2, 2};
    hpar::View<double********> v("r8", e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]);
    hpar::parallel_for("fill_r8", v.size(), HPAR_LAMBDA(const int64_t f) {
      int64_t r = f;
      int64_t i[8];
      for (int d = 7; d >= 1; --d) {
        i[d] = r % int64_t(v.extent(d));
        r /= int64_t(v.extent(d));
      }
      i[0] = r;
      double code = 0.0, p = 1.0;
      for (int d = 0; d < 8; ++d) {
        code += double(i[d]) * p;
        p *= 10.0;
      }
      v(i[0], i[1], i[2], i[3], i[4], i[5], i[6], i[7]) = code;
    });
    check_digits<8>(v, e, "r8");
  }
}

void test_static_extents() {
  const int64_t n = 1001;
  using S = hpar::View<double* [3]>;
  static_assert(int(S::rank) == 2, "View<double*[3]> has rank 2");
  static_assert(int(S::rank_dynamic) == 1, "View<double*[3]> has one runtime extent");
  S s("s", n);
  check_eq("View<double*[3]> extent(0)", (long long)s.extent(0), n);
  check_eq("View<double*[3]> extent(1)", (long long)s.extent(1), 3);
  check_eq("View<double*[3]> size()", (long long)s.size(), 3 * n);
  hpar::parallel_for("fill_static", n, HPAR_LAMBDA(const int64_t i) {
    for (int c = 0; c < 3; ++c) s(i, c) = 3.0 * i + c;
  });
  auto hs = hpar::create_mirror_view(s);
  hpar::deep_copy(hs, s);
  {
    ElementCheck c("View<double*[3]> elements");
    for (int64_t i = 0; i < n; ++i)
      for (int k = 0; k < 3; ++k) c(i * 3 + k, hs(i, k), 3.0 * i + k);
  }

  using F = hpar::View<int[4][5]>;
  static_assert(int(F::rank) == 2 && int(F::rank_dynamic) == 0, "View<int[4][5]> is fully static");
  F fs("fs");
  check_eq("View<int[4][5]> extent(0)", (long long)fs.extent(0), 4);
  check_eq("View<int[4][5]> extent(1)", (long long)fs.extent(1), 5);
  hpar::parallel_for("fill_fully_static", 20, HPAR_LAMBDA(const int64_t f) { fs(f / 5, f % 5) = int(100 * (f / 5) + f % 5); });
  auto hf = hpar::create_mirror_view(fs);
  hpar::deep_copy(hf, fs);
  {
    ElementCheck c("View<int[4][5]> elements");
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 5; ++j) c(i * 5 + j, hf(i, j), 100.0 * i + j);
  }

  using M = hpar::View<int64_t** [2]>;
  M m("m", 7, 11);
  check_eq("View<int64_t**[2]> extent(2)", (long long)m.extent(2), 2);
  check_eq("View<int64_t**[2]> size()", (long long)m.size(), 154);
  hpar::parallel_for("fill_mixed_static", hpar::MDRangePolicy<hpar::Rank<2>>({0, 0}, {7, 11}), HPAR_LAMBDA(const int64_t i, const int64_t j) {
    m(i, j, 0) = i * 100 + j;
    m(i, j, 1) = -(i * 100 + j);
  });
  auto hm = hpar::create_mirror_view(m);
  hpar::deep_copy(hm, m);
  ElementCheck c("View<int64_t**[2]> elements");
  for (int i = 0; i < 7; ++i)
    for (int j = 0; j < 11; ++j) {
      c(i * 11 + j, double(hm(i, j, 0)), double(i * 100 + j));
      c(i * 11 + j, double(hm(i, j, 1)), -double(i * 100 + j));
    }
}

void test_layouts() {
  static_assert(std::is_same<hpar::View<double**, hpar::HostSpace>::array_layout, hpar::LayoutRight>::value,
                "HostSpace Views default to LayoutRight");
  // Host views: strides and data() order.
  hpar::View<double***, hpar::LayoutLeft, hpar::HostSpace> hl("hl", 3, 4, 5);
  hpar::View<double***, hpar::LayoutRight, hpar::HostSpace> hr("hr", 3, 4, 5);
  check_eq("LayoutLeft stride(0)", (long long)hl.stride(0), 1);
  check_eq("LayoutLeft stride(1)", (long long)hl.stride(1), 3);
  check_eq("LayoutLeft stride(2)", (long long)hl.stride(2), 12);
  check_eq("LayoutRight stride(0)", (long long)hr.stride(0), 20);
  check_eq("LayoutRight stride(1)", (long long)hr.stride(1), 5);
  check_eq("LayoutRight stride(2)", (long long)hr.stride(2), 1);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 5; ++k) {
        hl(i, j, k) = 100.0 * i + 10.0 * j + k;
        hr(i, j, k) = 100.0 * i + 10.0 * j + k;
      }
  {
    ElementCheck cl("host LayoutLeft data() order");
    ElementCheck cr("host LayoutRight data() order");
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 4; ++j)
        for (int k = 0; k < 5; ++k) {
          cl(i + 3 * j + 12 * k, hl.data()[i + 3 * j + 12 * k], 100.0 * i + 10.0 * j + k);
          cr(20 * i + 5 * j + k, hr.data()[20 * i + 5 * j + k], 100.0 * i + 10.0 * j + k);
        }
  }

  // Device views with explicit layouts: strides, and data() order of the mirrors.
  const int64_t m = 37, n = 23;
  hpar::View<double**, hpar::LayoutLeft> dl("dl", m, n);
  hpar::View<double**, hpar::LayoutRight> dr("dr", m, n);
  check_eq("device LayoutLeft stride(0)", (long long)dl.stride(0), 1);
  check_eq("device LayoutLeft stride(1)", (long long)dl.stride(1), m);
  check_eq("device LayoutRight stride(0)", (long long)dr.stride(0), n);
  check_eq("device LayoutRight stride(1)", (long long)dr.stride(1), 1);
  hpar::parallel_for("fill_layouts", hpar::MDRangePolicy<hpar::Rank<2>>({0, 0}, {m, n}), HPAR_LAMBDA(const int64_t i, const int64_t j) {
    dl(i, j) = double(i * 1000 + j);
    dr(i, j) = double(i * 1000 + j);
  });
  auto ml = hpar::create_mirror_view(dl);
  auto mr = hpar::create_mirror_view(dr);
  static_assert(std::is_same<typename decltype(ml)::array_layout, hpar::LayoutLeft>::value, "mirror keeps LayoutLeft");
  static_assert(std::is_same<typename decltype(mr)::array_layout, hpar::LayoutRight>::value, "mirror keeps LayoutRight");
  hpar::deep_copy(ml, dl);
  hpar::deep_copy(mr, dr);
  {
    ElementCheck cl("device LayoutLeft via mirror data()");
    ElementCheck cr("device LayoutRight via mirror data()");
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        cl(i + m * j, ml.data()[i + m * j], double(i * 1000 + j));
        cr(i * n + j, mr.data()[i * n + j], double(i * 1000 + j));
      }
  }

  // deep_copy between layouts, on the device and on the host.
  hpar::View<double**, hpar::LayoutRight> dr2("dr2", m, n);
  hpar::deep_copy(dr2, dl);
  hpar::View<double**, hpar::LayoutLeft> dl2("dl2", m, n);
  hpar::deep_copy(dl2, dr);
  auto mr2 = hpar::create_mirror_view(dr2);
  auto ml2 = hpar::create_mirror_view(dl2);
  hpar::deep_copy(mr2, dr2);
  hpar::deep_copy(ml2, dl2);
  hpar::View<double***, hpar::LayoutLeft, hpar::HostSpace> hl2("hl2", 3, 4, 5);
  hpar::deep_copy(hl2, hr);
  {
    ElementCheck c1("deep_copy device LayoutLeft -> LayoutRight");
    ElementCheck c2("deep_copy device LayoutRight -> LayoutLeft");
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        c1(i * n + j, mr2(i, j), double(i * 1000 + j));
        c2(i * n + j, ml2(i, j), double(i * 1000 + j));
      }
    ElementCheck c3("deep_copy host LayoutRight -> LayoutLeft");
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 4; ++j)
        for (int k = 0; k < 5; ++k) c3(i * 20 + j * 5 + k, hl2.data()[i + 3 * j + 12 * k], 100.0 * i + 10.0 * j + k);
  }

  // Addresses follow the strides.
  bool addr_ok = true;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      if (&ml(i, j) - ml.data() != int64_t(i * ml.stride(0) + j * ml.stride(1))) addr_ok = false;
      if (&mr(i, j) - mr.data() != int64_t(i * mr.stride(0) + j * mr.stride(1))) addr_ok = false;
    }
  check(addr_ok, "element addresses follow stride(r)");
}

void test_host_and_unmanaged() {
  const int64_t n = 100003;
  // HostSpace View: a mirror of it is the same View.
  hpar::View<double*, hpar::HostSpace> h("h", n);
  auto hm = hpar::create_mirror_view(h);
  check(hm.data() == h.data(), "create_mirror_view of a HostSpace View shares its data");
  for (int64_t i = 0; i < n; ++i) h(i) = 0.5 * double(i);

  // Unmanaged host memory round trip through the device.
  std::vector<double> buf(n);
  for (int64_t i = 0; i < n; ++i) buf[i] = double(i % 101);
  hpar::View<double*, hpar::HostSpace, hpar::MemoryTraits<hpar::Unmanaged>> u(buf.data(), n);
  check(u.data() == buf.data(), "Unmanaged View wraps the given pointer");
  check_eq("Unmanaged View extent", (long long)u.extent(0), n);
  hpar::View<double*> d("d", n);
  hpar::View<double*> dh("dh", n);
  hpar::deep_copy(d, u);
  hpar::deep_copy(dh, h);
  hpar::parallel_for("combine", n, HPAR_LAMBDA(const int64_t i) { d(i) = 2.0 * d(i) + dh(i); });
  hpar::deep_copy(u, d);
  {
    ElementCheck c("Unmanaged round trip into the wrapped std::vector");
    for (int64_t i = 0; i < n; ++i) c(i, buf[i], 2.0 * double(i % 101) + 0.5 * double(i));
  }

  // A rank-2 LayoutLeft unmanaged View over raw memory.
  double raw[12];
  for (int k = 0; k < 12; ++k) raw[k] = double(k);
  hpar::View<double**, hpar::LayoutLeft, hpar::HostSpace, hpar::MemoryUnmanaged> u2(raw, 3, 4);
  {
    ElementCheck c("Unmanaged LayoutLeft View indexing");
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 4; ++j) c(i * 4 + j, u2(i, j), double(i + 3 * j));
  }
}

void test_ownership() {
  const int64_t n = 50001;
  hpar::View<double*> a("a", n);
  check_eq("use_count of a new View", a.use_count(), 1);
  {
    hpar::View<double*> b = a;
    check_eq("use_count after a copy", a.use_count(), 2);
    check(b.data() == a.data(), "a copy shares the data");
    hpar::parallel_for("write_through_copy", n, HPAR_LAMBDA(const int64_t i) { b(i) = 1.0 + i; });
    hpar::fence();
    check_eq("use_count after a dispatch capturing the copy", a.use_count(), 2);
  }
  check_eq("use_count after the copy is destroyed", a.use_count(), 1);
  hpar::View<double*> c;
  check(c.data() == nullptr && c.size() == 0, "default-constructed View is empty");
  c = a;
  check_eq("use_count after assignment", a.use_count(), 2);
  c = hpar::View<double*>();
  check_eq("use_count after re-assignment", a.use_count(), 1);

  // The data outlives the original handle while a copy exists.
  hpar::View<double*> keep;
  {
    hpar::View<double*> tmp("tmp", n);
    hpar::deep_copy(tmp, 4.0);
    keep = tmp;
  }
  check_eq("use_count of the surviving copy", keep.use_count(), 1);
  check(keep.label() == "tmp", "label() of the surviving copy");

  // A const View of the same data read in a kernel.
  hpar::View<const double*> ca = a;
  hpar::View<double*> out("out", n);
  hpar::parallel_for("read_const", n, HPAR_LAMBDA(const int64_t i) { out(i) = ca(i) * 2.0; });
  auto ho = hpar::create_mirror_view(out);
  auto ha = hpar::create_mirror_view(a);
  auto hk = hpar::create_mirror_view(keep);
  hpar::deep_copy(ho, out);
  hpar::deep_copy(ha, a);
  hpar::deep_copy(hk, keep);
  ElementCheck c1("writes through a copy are seen by the original");
  ElementCheck c2("const View read");
  ElementCheck c3("data kept alive by a copy");
  for (int64_t i = 0; i < n; ++i) {
    c1(i, ha(i), 1.0 + i);
    c2(i, ho(i), 2.0 * (1.0 + i));
    c3(i, hk(i), 4.0);
  }
}

void test_deep_copy_forms() {
  // Fresh allocations are zero.
  hpar::View<double*> z("z", 77777);
  hpar::View<int**> zi("zi", 33, 17);
  auto hz = hpar::create_mirror_view(z);
  auto hzi = hpar::create_mirror_view(zi);
  hpar::deep_copy(hz, z);
  hpar::deep_copy(hzi, zi);
  {
    ElementCheck c("new View is zero-initialised");
    for (int64_t i = 0; i < 77777; ++i) c(i, hz(i), 0.0);
    for (int i = 0; i < 33; ++i)
      for (int j = 0; j < 17; ++j) c(100000 + i * 17 + j, hzi(i, j), 0.0);
  }

  // deep_copy(View, scalar) on device and host Views of several ranks.
  hpar::View<double***> d3("d3", 5, 6, 7);
  hpar::deep_copy(d3, -2.25);
  hpar::View<int**, hpar::HostSpace> h2("h2", 4, 9);
  hpar::deep_copy(h2, 17);
  hpar::View<double> d0("d0");
  hpar::deep_copy(d0, 3.5);
  auto h3 = hpar::create_mirror_view(d3);
  hpar::deep_copy(h3, d3);
  auto h0 = hpar::create_mirror_view(d0);
  hpar::deep_copy(h0, d0);
  double s0 = 0.0;
  hpar::deep_copy(s0, d0);
  {
    ElementCheck c("deep_copy(View, scalar)");
    for (int i = 0; i < 5; ++i)
      for (int j = 0; j < 6; ++j)
        for (int k = 0; k < 7; ++k) c(i * 42 + j * 7 + k, h3(i, j, k), -2.25);
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 9; ++j) c(1000 + i * 9 + j, h2(i, j), 17.0);
    c(2000, h0(), 3.5);
    c(2001, s0, 3.5);
  }

  // Empty Views.
  hpar::View<double*> e("e", 0);
  check_eq("size of an empty View", (long long)e.size(), 0);
  hpar::deep_copy(e, 1.0);
  auto he = hpar::create_mirror_view(e);
  hpar::deep_copy(he, e);
  check_eq("size of the mirror of an empty View", (long long)he.size(), 0);
}

int main(int argc, char** argv) {
  hpar::ScopeGuard guard(argc, argv);
  test_ranks();
  test_static_extents();
  test_layouts();
  test_host_and_unmanaged();
  test_ownership();
  test_deep_copy_forms();
  return report();
}
