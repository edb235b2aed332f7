#!/usr/bin/env python3
"""Writes a Kokkos program of N kernels to stdout, for measuring how translation time and memory
grow with the size of a file (bench/scale/measure.py). The kernels cycle through ten shapes a
Kokkos user writes: flat for/reduce/scan, MDRange, teams with nested thread and vector ranges,
team scratch, a functor class, a function template instantiated twice, built-in reducers.

    generate.py [--one-function] KERNELS

Each kernel is a function of its own, or, with --one-function, a block of main (all but the
functor class and the function template, which stay at namespace scope): one long function of
thousands of dispatches, the other way a file grows."""
import re
import sys

# The arguments of the kernel functions, as main declares them with --one-function.
MAIN_VIEWS = """  Kokkos::View<double*> x("x", 64), y("y", 64);
  Kokkos::View<double**> A("A", 8, 8), out("out", 8, 8);
  Kokkos::View<double***> C("C", 8, 8, 8);
  Kokkos::View<int**> B("B", 8, 8), rows_offset("rows_offset", 8, 8);
  Kokkos::View<const int**> rows_count = Kokkos::View<int**>("rows_count", 8, 8);
  Kokkos::View<const int*> count = Kokkos::View<int*>("count", 64);
  Kokkos::View<long*> offset("offset", 64);
  double a = 2, biggest = 0;
  int where = 0;"""

# Shapes that define a class or a template: at namespace scope in both layouts.
NAMESPACE_SCOPE = (5, 7)


def block_of(function):
    """The body of a kernel function as a block of main: its statements, with `return e;` made
    an expression statement."""
    lines = function.split("\n")
    start = next(i for i, line in enumerate(lines) if line.endswith(") {"))
    body = lines[start + 1:-1]  # the last line closes the function
    body = [re.sub(r"^(\s*)return (.*);$", r"\1(void)(\2);", line) for line in body]
    return "  {\n" + "\n".join("  " + line for line in body) + "\n  }"

SHAPES = [
    # 0: a labelled flat for over an extent
    '''void kernel_{k}(Kokkos::View<double*> x, Kokkos::View<double*> y, double a) {{
  Kokkos::parallel_for("axpy_{k}", x.extent(0), KOKKOS_LAMBDA(const int i) {{
    y(i) = a * x(i) + y(i) + {k}.0;
  }});
}}''',
    # 1: a flat sum over a RangePolicy
    '''double kernel_{k}(Kokkos::View<const double*> x) {{
  double sum = 0;
  Kokkos::parallel_reduce("sum_{k}", Kokkos::RangePolicy<>(0, x.extent(0)),
      KOKKOS_LAMBDA(const int i, double& s) {{ s += x(i) * {k}; }}, sum);
  return sum;
}}''',
    # 2: a team per row, the row reduced over TeamThreadRange, one result written per team
    '''void kernel_{k}(Kokkos::View<double**> A, Kokkos::View<double*> y) {{
  using member_type = Kokkos::TeamPolicy<>::member_type;
  Kokkos::parallel_for("rows_{k}", Kokkos::TeamPolicy<>(A.extent(0), Kokkos::AUTO),
      KOKKOS_LAMBDA(const member_type& team) {{
        const int r = team.league_rank();
        double s = 0;
        Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, A.extent(1)),
            [&](const int j, double& acc) {{ acc += A(r, j); }}, s);
        Kokkos::single(Kokkos::PerTeam(team), [&]() {{ y(r) = s + {k}; }});
      }});
}}''',
    # 3: a rank-2 MDRangePolicy
    '''void kernel_{k}(Kokkos::View<int**> B) {{
  Kokkos::parallel_for("md_{k}",
      Kokkos::MDRangePolicy<Kokkos::Rank<2>>({{0, 0}}, {{B.extent(0), B.extent(1)}}),
      KOKKOS_LAMBDA(const int i, const int j) {{ B(i, j) = i + j + {k}; }});
}}''',
    # 4: team scratch, a barrier, thread and vector ranges
    '''void kernel_{k}(Kokkos::View<double***> C, Kokkos::View<double**> out) {{
  using policy_type = Kokkos::TeamPolicy<>;
  using scratch_view = Kokkos::View<double*, Kokkos::DefaultExecutionSpace::scratch_memory_space,
                                    Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
  const int n = C.extent(1);
  policy_type policy(C.extent(0), Kokkos::AUTO, 4);
  Kokkos::parallel_for("scratch_{k}",
      policy.set_scratch_size(0, Kokkos::PerTeam(scratch_view::shmem_size(n))),
      KOKKOS_LAMBDA(const policy_type::member_type& team) {{
        const int b = team.league_rank();
        scratch_view row(team.team_scratch(0), n);
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const int i) {{
          double s = 0;
          Kokkos::parallel_reduce(Kokkos::ThreadVectorRange(team, C.extent(2)),
              [&](const int j, double& acc) {{ acc += C(b, i, j); }}, s);
          Kokkos::single(Kokkos::PerThread(team), [&]() {{ row(i) = s; }});
        }});
        team.team_barrier();
        Kokkos::parallel_for(Kokkos::TeamThreadRange(team, n), [&](const int i) {{
          out(b, i) = row(i) + row(n - 1 - i) + {k};
        }});
      }});
}}''',
    # 5: a functor class with a reduction
    '''struct Norm_{k} {{
  Kokkos::View<const double*> x;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, double& s) const {{ s += x(i) * x(i) + {k}; }}
}};
double kernel_{k}(Kokkos::View<const double*> x) {{
  double s = 0;
  Kokkos::parallel_reduce("norm_{k}", x.extent(0), Norm_{k}{{x}}, s);
  return s;
}}''',
    # 6: an exclusive scan with its total
    '''long kernel_{k}(Kokkos::View<const int*> count, Kokkos::View<long*> offset) {{
  long total = 0;
  Kokkos::parallel_scan("scan_{k}", count.extent(0),
      KOKKOS_LAMBDA(const int i, long& partial, const bool final) {{
        if (final) offset(i) = partial;
        partial += count(i) + {k};
      }}, total);
  return total;
}}''',
    # 7: a function template, instantiated for two value types
    '''template <class T>
void kernel_{k}(Kokkos::View<T*> v, T value) {{
  Kokkos::parallel_for("fill_{k}", v.extent(0), KOKKOS_LAMBDA(const int i) {{ v(i) = value + T({k}); }});
}}
template void kernel_{k}<float>(Kokkos::View<float*>, float);
template void kernel_{k}<double>(Kokkos::View<double*>, double);''',
    # 8: built-in reducers
    '''void kernel_{k}(Kokkos::View<const double*> x, double& biggest, int& where) {{
  Kokkos::MinLoc<double, int>::value_type lowest;
  Kokkos::parallel_reduce("minloc_{k}", x.extent(0),
      KOKKOS_LAMBDA(const int i, Kokkos::MinLoc<double, int>::value_type& m) {{
        if (x(i) < m.val) {{ m.val = x(i); m.loc = i; }}
      }}, Kokkos::MinLoc<double, int>(lowest));
  Kokkos::parallel_reduce("max_{k}", x.extent(0),
      KOKKOS_LAMBDA(const int i, double& m) {{ if (x(i) + {k} > m) m = x(i) + {k}; }},
      Kokkos::Max<double>(biggest));
  where = lowest.loc;
}}''',
    # 9: a scan inside each team
    '''void kernel_{k}(Kokkos::View<const int**> rows_count, Kokkos::View<int**> rows_offset) {{
  using member_type = Kokkos::TeamPolicy<>::member_type;
  Kokkos::parallel_for("team_scan_{k}", Kokkos::TeamPolicy<>(rows_count.extent(0), Kokkos::AUTO),
      KOKKOS_LAMBDA(const member_type& team) {{
        const int r = team.league_rank();
        Kokkos::parallel_scan(Kokkos::TeamThreadRange(team, rows_count.extent(1)),
            [&](const int j, int& partial, const bool final) {{
              if (final) rows_offset(r, j) = partial;
              partial += rows_count(r, j) + {k};
            }});
      }});
}}''',
]


def main():
    args = sys.argv[1:]
    one_function = "--one-function" in args
    args = [a for a in args if a != "--one-function"]
    if len(args) != 1:
        sys.exit("usage: generate.py [--one-function] KERNELS")
    n = int(args[0])
    print("// Generated by bench/scale/generate.py: {} kernels{}.".format(
        n, " in one function" if one_function else ""))
    print("#include <Kokkos_Core.hpp>\n")
    blocks = []
    for k in range(n):
        shape = k % len(SHAPES)
        text = SHAPES[shape].format(k=k)
        if one_function and shape not in NAMESPACE_SCOPE:
            blocks.append(block_of(text))
        else:
            print(text)
            print()
    print("int main(int argc, char* argv[]) {\n  Kokkos::ScopeGuard guard(argc, argv);")
    if one_function:
        print(MAIN_VIEWS)
        for block in blocks:
            print(block)
    print("  return 0;\n}")


if __name__ == "__main__":
    main()
