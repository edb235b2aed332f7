// A RangePolicy lambda whose loop reads the same View elements in every thread (all pairs): the
// CUDA output loads them into shared memory a tile at a time, every thread of a block calling the
// lambda (those past the end at the last index, hpar_active false; in a reduction, adding to a
// value of their own), and only loops every thread runs alike, after code that only reads, are
// staged, the innermost of nested ones (translate/openmp/staged_loop.cpp: the OpenMP output).
// RUN: %hpar-translate --backend=cuda %s -o %t.cu
// RUN: grep -v CHECK %t.cu | %FileCheck %s
// RUN: %if nvcc %{ %nvcc-syntax -c %t.cu -o %t.o %}
#include <Kokkos_Core.hpp>

// CHECK: #include <hpar/rt/cuda/stage.cuh>

// CHECK-LABEL: // hpar: parallel_for "forces" (RangePolicy) from staged_loop.cpp:72
// CHECK: // staged_loop.cpp:75: the loop over j reads pos(j, 0), pos(j, 1), pos(j, 3) alike in every thread;
// CHECK: const int64_t end = policy.end();
// CHECK-NEXT: for (int64_t first = policy.begin() + blockIdx.x * (int64_t)blockDim.x; first < end;
// CHECK-NEXT: first += (int64_t)gridDim.x * blockDim.x) {
// CHECK-NEXT: const int64_t i = first + threadIdx.x;
// CHECK-NEXT: f(index_type(i < end ? i : end - 1), i < end);

// CHECK-LABEL: // hpar: parallel_for "writes" (RangePolicy) from staged_loop.cpp:85
// CHECK-NOT: alike in every thread
// CHECK: f(index_type(i));
// CHECK-LABEL: // hpar: parallel_for "triangle" (RangePolicy) from staged_loop.cpp:91
// CHECK-NOT: alike in every thread
// CHECK: f(index_type(i));
// CHECK-LABEL: // hpar: parallel_for "first_hit" (RangePolicy) from staged_loop.cpp:97
// CHECK-NOT: alike in every thread
// CHECK: f(index_type(i));
// CHECK-LABEL: // hpar: parallel_for "counted" (RangePolicy) from staged_loop.cpp:110
// CHECK-NOT: alike in every thread
// CHECK: f(index_type(i));
// CHECK-LABEL: // hpar: parallel_for "shifted" (RangePolicy) from staged_loop.cpp:117
// CHECK-NOT: alike in every thread
// CHECK: f(index_type(i));

// The lambda: the index gains hpar_active, the loop becomes tiles, each read a tile's element,
// and what follows the loop runs for indices in the range.
// CHECK-LABEL: void forces(
// CHECK: [=] __device__(const int i, const bool hpar_active) {
// CHECK: const double xi = pos(i, 0), yi = pos(i, 1);
// CHECK: if (hpar::rt::cuda::stage_loops) {
// CHECK: const int hpar_block = static_cast<int>(hpar::rt::cuda::stage_threads());
// CHECK-NEXT: for (int hpar_tile = 0, hpar_tile_end; hpar_tile < (n); hpar_tile = hpar_tile_end) {
// CHECK-NEXT: hpar_tile_end = (n) - hpar_tile > hpar_block ? hpar_tile + hpar_block : (n);
// CHECK-NEXT: const hpar::rt::cuda::StageTile<decltype(pos(hpar_tile, 0)), 0> hpar_stage_0;
// CHECK-NEXT: const hpar::rt::cuda::StageTile<decltype(pos(hpar_tile, 1)), 1> hpar_stage_1;
// CHECK-NEXT: const hpar::rt::cuda::StageTile<decltype(pos(hpar_tile, 3)), 2> hpar_stage_2;
// CHECK-NEXT: hpar::rt::cuda::stage_barrier();
// CHECK-NEXT: if (hpar_tile_end - hpar_tile > static_cast<int>(hpar::rt::cuda::stage_thread())) {
// CHECK-NEXT: const int hpar_at = hpar_tile + static_cast<int>(hpar::rt::cuda::stage_thread());
// CHECK-NEXT: if (hpar::rt::cuda::stage_in_bounds(pos, hpar_at, 0)) hpar_stage_0[hpar::rt::cuda::stage_thread()] = pos(hpar_at, 0);
// CHECK: hpar::rt::cuda::stage_barrier();
// CHECK-NEXT: for (int j = hpar_tile; j < hpar_tile_end; ++j)
// CHECK: const double dx = hpar_stage_0[j - hpar_tile] - xi, dy = hpar_stage_1[j - hpar_tile] - yi;
// CHECK: ax += hpar_stage_2[j - hpar_tile] * dx / r2;
// CHECK: } else {  // hpar: the loop as written
// CHECK-NEXT: for (int j = 0; j < n; ++j) {
// CHECK: if (hpar_active) {
// CHECK: acc(i, 0) = ax;
// CHECK: }  // hpar: if (hpar_active)
// A functor class's call operator keeps a call with the index alone valid; a stored lambda is
// rewritten like a lambda written in the call.
// CHECK-LABEL: struct Pairs {
// CHECK: void operator()(const int i, const bool hpar_active = true) const {
// CHECK: const hpar::rt::cuda::StageTile<decltype(w(hpar_tile)), 0> hpar_stage_0;
// CHECK: s += hpar_stage_0[j - hpar_tile] * i;
// CHECK-LABEL: void stored(
// CHECK: const auto pairs = KOKKOS_LAMBDA(const int i, const bool hpar_active) {
// CHECK: const hpar::rt::cuda::StageTile<decltype(w(hpar_tile)), 0> hpar_stage_0;
void forces(Kokkos::View<double*[4]> pos, Kokkos::View<double*[2]> acc, const int n) {
  Kokkos::parallel_for("forces", n, KOKKOS_LAMBDA(const int i) {
    const double xi = pos(i, 0), yi = pos(i, 1);
    double ax = 0, ay = 0;
    for (int j = 0; j < n; ++j) {
      const double dx = pos(j, 0) - xi, dy = pos(j, 1) - yi;
      const double r2 = dx * dx + dy * dy + 0.01;
      ax += pos(j, 3) * dx / r2;
      ay += pos(j, 3) * dy / r2;
    }
    acc(i, 0) = ax;
    acc(i, 1) = ay;
  });
  // Not staged: the loop writes a View.
  Kokkos::parallel_for("writes", n, KOKKOS_LAMBDA(const int i) {
    double s = 0;
    for (int j = 0; j < n; ++j) s += pos(j, 0) * (acc(i, 0) = j);
    acc(i, 1) = s;
  });
  // Not staged: the bound depends on the index.
  Kokkos::parallel_for("triangle", n, KOKKOS_LAMBDA(const int i) {
    double s = 0;
    for (int j = 0; j < i; ++j) s += pos(j, 0);
    acc(i, 0) = s;
  });
  // Not staged: the loop may end early (break), and a return before a loop.
  Kokkos::parallel_for("first_hit", n, KOKKOS_LAMBDA(const int i) {
    int hit = -1;
    for (int j = 0; j < n; ++j)
      if (pos(j, 0) > pos(i, 0)) {
        hit = j;
        break;
      }
    if (hit < 0) return;
    double s = 0;
    for (int j = 0; j < n; ++j) s += pos(j, 1);
    acc(i, 0) = s + hit;
  });
  // Not staged: an atomic before the loop (what runs before it must only read).
  Kokkos::parallel_for("counted", n, KOKKOS_LAMBDA(const int i) {
    Kokkos::atomic_add(&acc(0, 1), 1.0);
    double s = 0;
    for (int j = 0; j < n; ++j) s += pos(j, 0);
    acc(i, 0) = s;
  });
  // Not staged: no read at the loop's own index.
  Kokkos::parallel_for("shifted", n - 1, KOKKOS_LAMBDA(const int i) {
    double s = 0;
    for (int j = 0; j < n - 1; ++j) s += pos(j + 1, 0);
    acc(i, 0) = s;
  });
}

struct Pairs {
  Kokkos::View<double*> w, out;
  int n;
  KOKKOS_INLINE_FUNCTION void operator()(const int i) const {
    double s = 0;
    for (int j = 0; j < n; ++j) s += w(j) * i;
    out(i) = s;
  }
};

void functor(Kokkos::View<double*> w, Kokkos::View<double*> out, const int n) {
  Kokkos::parallel_for("functor", n, Pairs{w, out, n});
}

void stored(Kokkos::View<double*> w, Kokkos::View<double*> out, const int n) {
  const auto pairs = KOKKOS_LAMBDA(const int i) {
    double s = 0;
    for (int j = 0; j < n; ++j) s += w(j) * i;
    out(i) = s;
  };
  Kokkos::parallel_for("stored", n, pairs);
}
// A reduction (a pairwise energy): the loop adds to the lambda's accumulator, which a thread past
// the end holds apart.
double energy(Kokkos::View<double*[4]> pos, const int n) {
  double e = 0;
  Kokkos::parallel_reduce("energy", n, KOKKOS_LAMBDA(const int i, double& sum) {
    const double xi = pos(i, 0);
    for (int j = 0; j < n; ++j) {
      const double dx = pos(j, 0) - xi;
      sum += pos(j, 3) / Kokkos::sqrt(dx * dx + 0.01);
    }
  }, e);
  return e;
}
// A functor class's reduction: its call operator takes the flag last, with a default.
struct Energy {
  Kokkos::View<double*> w;
  int n;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double& sum) const {
    for (int j = 0; j < n; ++j) sum += w(j) * i;
  }
};
double energy_functor(Kokkos::View<double*> w, const int n) {
  double e = 0;
  Kokkos::parallel_reduce("energy_functor", n, Energy{w, n}, e);
  return e;
}
// CHECK-LABEL: // hpar: parallel_reduce "energy" (RangePolicy) from staged_loop.cpp:150
// CHECK: static_assert(!Spec::is_array, "a staged reduction's lambda holds whole values");
// CHECK: // staged_loop.cpp:152: the loop over j reads pos(j, 0), pos(j, 3) alike in every thread;
// CHECK: hpar::rt::cuda::Accumulator<Spec> acc(spec), dropped(spec);
// CHECK: for (int64_t first = policy.begin() + blockIdx.x * (int64_t)blockDim.x; first < end;
// CHECK: spec.call(hpar::rt::cuda::with_flag(f, i < end), i < end ? acc.data() : dropped.data(),
// CHECK: hpar::rt::cuda::finish_reduce(spec, state, acc.data());
// The launch keeps its blocks to the tiles' size:
// CHECK: launch.run(hpar_energy_L150<typename Launch::Policy, Functor, typename Launch::Spec, Launch::by_value>, hpar::rt::cuda::stage_max_block);
// CHECK-LABEL: double energy(
// CHECK: [=] __device__(const int i, double& sum, bool) {
// CHECK: const hpar::rt::cuda::StageTile<decltype(pos(hpar_tile, 3)), 1> hpar_stage_1;
// CHECK: sum += hpar_stage_1[j - hpar_tile] / Kokkos::sqrt(dx * dx + 0.01);
// CHECK: } else {  // hpar: the loop as written
// CHECK: void operator()(const int i, double& sum, bool = true) const {
// CHECK-LABEL: // hpar: parallel_reduce "energy_functor" (RangePolicy) from staged_loop.cpp:169
// CHECK: // staged_loop.cpp:164: the loop over j reads w(j) alike in every thread;
// CHECK: spec.call(hpar::rt::cuda::with_flag(f, i < end), i < end ? acc.data() : dropped.data(),

// A loop over every protein atom inside a loop over a ligand's atoms, both bounds alike in every
// thread: the inner loop is the one staged, and the ligand loop around it runs in every thread;
// what follows the ligand loop runs for indices in the range.
void docking(Kokkos::View<float*[4]> protein, Kokkos::View<float*[4]> ligand,
             Kokkos::View<float*> energies, const int nlig, const int npro) {
  Kokkos::parallel_for("docking", energies.extent(0), KOKKOS_LAMBDA(const int pose) {
    float e = 0;
    for (int l = 0; l < nlig; ++l) {
      const float lx = ligand(l, 0) + pose, ly = ligand(l, 1);
      for (int p = 0; p < npro; ++p) {
        const float dx = protein(p, 0) - lx, dy = protein(p, 1) - ly;
        e += protein(p, 3) / (dx * dx + dy * dy + 1.0f);
      }
      e *= 0.5f;
    }
    energies(pose) = e;
  });
  // Not staged: some threads skip the protein loop (`continue` in the ligand loop).
  Kokkos::parallel_for("skipping", energies.extent(0), KOKKOS_LAMBDA(const int pose) {
    float e = 0;
    for (int l = 0; l < nlig; ++l) {
      if (l == pose % 4) continue;
      for (int p = 0; p < npro; ++p) e += protein(p, 3) * l;
    }
    energies(pose) = e;
  });
  // Not staged: the ligand loop's body changes its variable in some threads.
  Kokkos::parallel_for("jumping", energies.extent(0), KOKKOS_LAMBDA(const int pose) {
    float e = 0;
    for (int l = 0; l < nlig; ++l) {
      for (int p = 0; p < npro; ++p) e += protein(p, 3) * l;
      if (e > pose) l += 2;
    }
    energies(pose) = e;
  });
}
// The same in a reduction, the inner loop in a block of its own.
float docked(Kokkos::View<float*[4]> protein, Kokkos::View<float*[4]> ligand, const int nlig,
             const int npro, const int nposes) {
  float total = 0;
  Kokkos::parallel_reduce("docked", nposes, KOKKOS_LAMBDA(const int pose, float& sum) {
    for (int l = 0; l < nlig; ++l) {
      const float lx = ligand(l, 0) * pose;
      {
        for (int p = 0; p < npro; ++p) sum += protein(p, 3) * (protein(p, 0) - lx);
      }
    }
  }, total);
  return total;
}
// CHECK-LABEL: // hpar: parallel_for "docking" (RangePolicy) from staged_loop.cpp:196
// CHECK: // staged_loop.cpp:200: the loop over p reads protein(p, 0), protein(p, 1), protein(p, 3) alike in every thread;
// CHECK: f(index_type(i < end ? i : end - 1), i < end);
// CHECK-LABEL: // hpar: parallel_for "skipping" (RangePolicy) from staged_loop.cpp:209
// CHECK-NOT: alike in every thread
// CHECK: f(index_type(i));
// CHECK-LABEL: // hpar: parallel_for "jumping" (RangePolicy) from staged_loop.cpp:218
// CHECK-NOT: alike in every thread
// CHECK: f(index_type(i));
// CHECK-LABEL: void docking(
// CHECK: [=] __device__(const int pose, const bool hpar_active) {
// CHECK-NEXT: float e = 0;
// CHECK-NEXT: for (int l = 0; l < nlig; ++l) {
// CHECK-NEXT: const float lx = ligand(l, 0) + pose, ly = ligand(l, 1);
// CHECK-NEXT: if (hpar::rt::cuda::stage_loops) {
// CHECK: for (int hpar_tile = 0, hpar_tile_end; hpar_tile < (npro); hpar_tile = hpar_tile_end) {
// CHECK: for (int p = hpar_tile; p < hpar_tile_end; ++p)
// CHECK: const float dx = hpar_stage_0[p - hpar_tile] - lx, dy = hpar_stage_1[p - hpar_tile] - ly;
// CHECK: } else {  // hpar: the loop as written
// CHECK-NEXT: for (int p = 0; p < npro; ++p) {
// CHECK: e *= 0.5f;
// CHECK-NEXT: }
// CHECK-NEXT: if (hpar_active) {  // hpar: the rest for indices in the range
// CHECK: energies(pose) = e;
// CHECK-NEXT: }  // hpar: if (hpar_active)
// CHECK: [=] __device__(const int pose) {
// CHECK: [=] __device__(const int pose) {
// CHECK-LABEL: // hpar: parallel_reduce "docked" (RangePolicy) from staged_loop.cpp:231
// CHECK: // staged_loop.cpp:235: the loop over p reads protein(p, 3), protein(p, 0) alike in every thread;
// CHECK-LABEL: float docked(
// CHECK: [=] __device__(const int pose, float& sum, bool) {
// CHECK: sum += hpar_stage_0[p - hpar_tile] * (hpar_stage_1[p - hpar_tile] - lx);
// A View read at what a step computes (the type of the atom it reads) is copied whole into shared
// memory where it fits; one read at the index is not, nor one a tile holds.
struct Typed {
  float x;
  int type;
};
void typed(Kokkos::View<Typed*> atoms, Kokkos::View<float*> scale, Kokkos::View<float*> out) {
  Kokkos::parallel_for("typed", out.extent(0), KOKKOS_LAMBDA(const int i) {
    float s = 0;
    for (int j = 0; j < atoms.extent_int(0); ++j) {
      const Typed b = atoms(j);
      s += scale(b.type) * b.x + scale(i) + atoms(b.type).x;
    }
    out(i) = s;
  });
}
// CHECK-LABEL: void typed(
// CHECK: if (hpar::rt::cuda::stage_loops && hpar::rt::cuda::stage_table_fits(scale)) {
// CHECK: hpar::rt::cuda::stage_barrier();  // the threads are done with the tables
// CHECK-NEXT: const hpar::rt::cuda::StageTable<decltype(scale.data()), 0> hpar_table_0(scale);
// CHECK: s += hpar_table_0.at(scale, b.type) * b.x + scale(i) + atoms(b.type).x;
// The loop in a function that only the lambda calls: every thread calls it; an assignment of its
// value runs for indices in the range, after `const auto hpar_call = ...`.
KOKKOS_INLINE_FUNCTION double near_sum(const Kokkos::View<double*>& w, const double x, const int n) {
  double s = 0;
  for (int j = 0; j < n; ++j) s += w(j) * x;
  return s;
}
KOKKOS_INLINE_FUNCTION double far_sum(const Kokkos::View<double*>& w, const double x, const int n) {
  double s = 0;
  for (int j = 0; j < n; ++j) s += w(j) / x;
  return s;
}
// Not staged: it writes memory.
KOKKOS_INLINE_FUNCTION double noisy_sum(const Kokkos::View<double*>& w, const int n) {
  double s = 0;
  for (int j = 0; j < n; ++j) s += w(j);
  w(0) = s;
  return s;
}
// Not staged: called from two places.
KOKKOS_INLINE_FUNCTION double shared_sum(const Kokkos::View<double*>& w, const int n) {
  double s = 0;
  for (int j = 0; j < n; ++j) s += w(j);
  return s;
}
void helpers(Kokkos::View<double*> w, Kokkos::View<double*> out, const int n) {
  Kokkos::parallel_for("assigned", n, KOKKOS_LAMBDA(const int i) {
    out(i) += near_sum(w, i, n);
  });
  Kokkos::parallel_for("declared", n, KOKKOS_LAMBDA(const int i) {
    const double s = far_sum(w, i + 1, n);
    out(i) = s;
  });
  Kokkos::parallel_for("noisy", n, KOKKOS_LAMBDA(const int i) { out(i) = noisy_sum(w, n); });
  Kokkos::parallel_for("shared1", n, KOKKOS_LAMBDA(const int i) { out(i) = shared_sum(w, n); });
  Kokkos::parallel_for("shared2", n, KOKKOS_LAMBDA(const int i) { out(i) = shared_sum(w, n) + i; });
}
// CHECK-LABEL: KOKKOS_INLINE_FUNCTION double near_sum(
// CHECK: if (hpar::rt::cuda::stage_loops) {
// CHECK: for (int j = hpar_tile; j < hpar_tile_end; ++j)
// CHECK-NEXT: s += hpar_stage_0[j - hpar_tile] * x;
// CHECK: } else {  // hpar: the loop as written
// CHECK-NEXT: for (int j = 0; j < n; ++j) s += w(j) * x;
// CHECK: return s;
// CHECK-LABEL: KOKKOS_INLINE_FUNCTION double far_sum(
// CHECK: if (hpar::rt::cuda::stage_loops) {
// CHECK-LABEL: KOKKOS_INLINE_FUNCTION double noisy_sum(
// CHECK-NOT: stage_loops
// CHECK-LABEL: KOKKOS_INLINE_FUNCTION double shared_sum(
// CHECK-NOT: stage_loops
// CHECK-LABEL: // hpar: parallel_for "assigned" (RangePolicy) from staged_loop.cpp:320
// CHECK: // staged_loop.cpp:298: the loop over j in near_sum (which the call operator calls) reads w(j) alike in every thread;
// CHECK-LABEL: // hpar: parallel_for "declared" (RangePolicy) from staged_loop.cpp:323
// CHECK: the loop over j in far_sum (which the call operator calls)
// CHECK-LABEL: // hpar: parallel_for "noisy" (RangePolicy) from staged_loop.cpp:327
// CHECK-NOT: alike in every thread
// CHECK: f(index_type(i));
// CHECK-LABEL: // hpar: parallel_for "shared1" (RangePolicy) from staged_loop.cpp:328
// CHECK-NOT: alike in every thread
// CHECK: f(index_type(i));
// CHECK-LABEL: void helpers(
// CHECK: [=] __device__(const int i, const bool hpar_active) {
// CHECK-NEXT: const auto hpar_call = near_sum(w, i, n);
// CHECK-NEXT: if (hpar_active) {  // hpar: the rest for indices in the range
// CHECK-NEXT: out(i) += hpar_call;
// CHECK: }  // hpar: if (hpar_active)
// CHECK: [=] __device__(const int i, const bool hpar_active) {
// CHECK-NEXT: const double s = far_sum(w, i + 1, n);
// CHECK-NEXT: if (hpar_active) {  // hpar: the rest for indices in the range
// CHECK: out(i) = s;
// A function template's only instantiation is staged in the template's text; a template
// instantiated twice is not (its text serves both).
template <int W>
KOKKOS_INLINE_FUNCTION double wide_sum(const Kokkos::View<double*>& w, const int n) {
  double s[W] = {};
  for (int j = 0; j < n; ++j)
    for (int k = 0; k < W; ++k) s[k] += w(j) * k;
  return s[W - 1];
}
template <int W>
KOKKOS_INLINE_FUNCTION double twice_sum(const Kokkos::View<double*>& w, const int n) {
  double s = 0;
  for (int j = 0; j < n; ++j) s += w(j) * W;
  return s;
}
void templates(Kokkos::View<double*> w, Kokkos::View<double*> out, const int n) {
  Kokkos::parallel_for("wide", n, KOKKOS_LAMBDA(const int i) { out(i) = wide_sum<4>(w, n); });
  Kokkos::parallel_for("twice2", n, KOKKOS_LAMBDA(const int i) { out(i) = twice_sum<2>(w, n); });
  Kokkos::parallel_for("twice3", n, KOKKOS_LAMBDA(const int i) { out(i) = twice_sum<3>(w, n); });
}
// CHECK-LABEL: KOKKOS_INLINE_FUNCTION double wide_sum(
// CHECK: if (hpar::rt::cuda::stage_loops) {
// CHECK: for (int j = hpar_tile; j < hpar_tile_end; ++j)
// CHECK-NEXT: for (int k = 0; k < W; ++k) s[k] += hpar_stage_0[j - hpar_tile] * k;
// CHECK-LABEL: KOKKOS_INLINE_FUNCTION double twice_sum(
// CHECK-NOT: stage_loops
// CHECK: // hpar: parallel_for "wide"
// CHECK: the loop over j in wide_sum (which the call operator calls)
// CHECK-LABEL: // hpar: parallel_for "twice2"
// CHECK-NOT: alike in every thread
// CHECK: f(index_type(i));
// CHECK-LABEL: void templates(
// CHECK: const auto hpar_call = wide_sum<4>(w, n);
// A dispatch in a function template instantiated once is staged; one instantiated twice is not.
template <class T>
void once(Kokkos::View<T*> w, Kokkos::View<T*> out, const int n) {
  Kokkos::parallel_for("once", n, KOKKOS_LAMBDA(const int i) {
    T s = 0;
    for (int j = 0; j < n; ++j) s += w(j) * (j - i);
    out(i) = s;
  });
}
template <class T>
void twice(Kokkos::View<T*> w, Kokkos::View<T*> out, const int n) {
  Kokkos::parallel_for("twice", n, KOKKOS_LAMBDA(const int i) {
    T s = 0;
    for (int j = 0; j < n; ++j) s += w(j);
    out(i) = s;
  });
}
void instantiations(Kokkos::View<double*> w, Kokkos::View<double*> out, Kokkos::View<float*> wf,
                    Kokkos::View<float*> outf, const int n) {
  once(w, out, n);
  twice(w, out, n);
  twice(wf, outf, n);
}
// CHECK-LABEL: // hpar: parallel_for "once"
// CHECK: the loop over j reads w(j) alike in every thread;
// CHECK-LABEL: void once(
// CHECK: [=] __device__(const int i, const bool hpar_active) {
// CHECK: s += hpar_stage_0[j - hpar_tile] * (j - i);
// CHECK-LABEL: // hpar: parallel_for "twice"
// CHECK-NOT: alike in every thread
// CHECK-LABEL: void twice(
// CHECK-NOT: hpar_active
// CHECK: void instantiations(
// Not staged: a functor class's reduction whose value is an array (its call operator takes a
// pointer).
struct Spread {
  using value_type = double[];
  int value_count = 3;
  Kokkos::View<double*> w;
  int n;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, value_type sums) const {
    for (int j = 0; j < n; ++j) sums[j % 3] += w(j) * i;
  }
};
void spread(Kokkos::View<double*> w, Kokkos::View<double*> out, const int n) {
  Kokkos::parallel_reduce("spread", n, Spread{3, w, n}, out);
}
// CHECK-LABEL: // hpar: parallel_reduce "spread"
// CHECK-NOT: alike in every thread
// CHECK: void spread(
// An int loop variable compared with a View's size_t extent: the tiles compare and subtract as the
// loop does, and the tile's end is converted back to int.
void mixed(Kokkos::View<double*> w, Kokkos::View<double*> out) {
  Kokkos::parallel_for("mixed", out.extent(0), KOKKOS_LAMBDA(const int i) {
    double s = 0;
    for (int j = 0; j < w.extent(0); ++j) s += w(j) * (j - i);
    out(i) = s;
  });
}
// CHECK-LABEL: void mixed(
// CHECK: for (int hpar_tile = 0, hpar_tile_end; hpar_tile < (w.extent(0)); hpar_tile = hpar_tile_end) {
// CHECK-NEXT: hpar_tile_end = static_cast<int>((w.extent(0)) - hpar_tile > hpar_block ? hpar_tile + hpar_block : (w.extent(0)));
// A View read at the loop's variable and a component loop's (pos(j, c)) is no table: it may be
// large, and the loop stays staged for what it reads at constant subscripts.
void components(Kokkos::View<double*[3]> pos, Kokkos::View<double*> mass, Kokkos::View<double*> out) {
  Kokkos::parallel_for("components", out.extent(0), KOKKOS_LAMBDA(const int i) {
    double s = 0;
    for (int j = 0; j < mass.extent_int(0); ++j) {
      double r2 = 0;
      for (int c = 0; c < 3; ++c) r2 += (pos(j, c) - pos(i, c)) * (pos(j, c) - pos(i, c));
      s += mass(j) * r2;
    }
    out(i) = s;
  });
}
// CHECK-LABEL: void components(
// CHECK: if (hpar::rt::cuda::stage_loops) {
// CHECK: for (int c = 0; c < 3; ++c) r2 += (pos(j, c) - pos(i, c)) * (pos(j, c) - pos(i, c));
// CHECK-NEXT: s += hpar_stage_0[j - hpar_tile] * r2;
