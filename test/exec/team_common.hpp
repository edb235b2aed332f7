// Shared pieces of the team_* execution programs: the policy types, element-wise checks, check
// descriptions, team-size probes and clamping, the range lengths of the nested tests and a custom
// reducer. Included after "check.hpp".
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>

// The team policy of every team_* program and its member type.
using team_policy = hpar::TeamPolicy<>;
using member_type = team_policy::member_type;

// Counts mismatching elements of one check, prints the first five and reports them as one failed check.
struct ElementCheck {
  std::string what;
  long long bad = 0;
  explicit ElementCheck(std::string w) : what(std::move(w)) {}
  // A double element at (a, b).
  void operator()(long long a, long long b, double got, double expected) {
    if (!(got == expected)) {
      if (bad < 5) std::printf("  %s: at (%lld, %lld) got %.17g, expected %.17g\n", what.c_str(), a, b, got, expected);
      ++bad;
    }
  }
  // An integer element at (a, b, c).
  void operator()(long long a, long long b, long long c, long long got, long long expected) {
    if (got != expected) {
      if (bad < 5) std::printf("  %s: at (%lld, %lld, %lld) got %lld, expected %lld\n", what.c_str(), a, b, c, got, expected);
      ++bad;
    }
  }
  // A named integer item at (a, b).
  void operator()(const char* item, long long a, long long b, long long got, long long expected) {
    if (got != expected) {
      if (bad < 5)
        std::printf("  %s: %s at (%lld, %lld) is %lld, expected %lld\n", what.c_str(), item, a, b, got, expected);
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

// A check's name with the league size, team size and vector length it ran with.
inline std::string describe(const char* what, int league, int team, int vector) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "%s (league %d, team %d, vector %d)", what, league, team, vector);
  return buf;
}

// A parallel_for team functor that is never dispatched: team_size_max and team_size_recommended are asked about it.
struct ForProbe {
  HPAR_INLINE_FUNCTION void operator()(const member_type&) const {}
};

// A parallel_reduce team functor with a double result that is never dispatched, for the same questions.
struct ReduceProbe {
  HPAR_INLINE_FUNCTION void operator()(const member_type&, double& s) const { s += 1.0; }
};

// The largest team size not above `requested` that the build can launch (parallel_for) with this vector length.
inline int clamp_team(const int requested, const int vector) {
  const team_policy probe(1, 1, vector);
  return std::min(requested, probe.team_size_max(ForProbe(), hpar::ParallelForTag()));
}

// Range lengths around the participant count p: empty, one, one below, at and above p, and longer.
inline int length_of(const int cls, const int p) {
  switch (cls % 8) {
    case 0: return 0;
    case 1: return 1;
    case 2: return p - 1;
    case 3: return p;
    case 4: return p + 1;
    case 5: return 2 * p + 3;
    case 6: return 3 * p + 5;
    default: return 4 * p + 7;
  }
}

// The value of the custom reducer SumCount: a sum and a count.
struct SumCountValue {
  double sum;
  long count;
};

// A custom reducer: sum and count (trivially copyable; join and init run in kernels).
struct SumCount {
  using reducer = SumCount;
  using value_type = SumCountValue;
  using result_view_type = hpar::View<value_type, hpar::HostSpace, hpar::MemoryTraits<hpar::Unmanaged>>;

 private:
  value_type& value;

 public:
  HPAR_INLINE_FUNCTION SumCount(value_type& v) : value(v) {}
  HPAR_INLINE_FUNCTION void join(value_type& dst, const value_type& src) const {
    dst.sum += src.sum;
    dst.count += src.count;
  }
  HPAR_INLINE_FUNCTION void init(value_type& v) const {
    v.sum = 0.0;
    v.count = 0;
  }
  HPAR_INLINE_FUNCTION value_type& reference() const { return value; }
  HPAR_INLINE_FUNCTION result_view_type view() const { return result_view_type(&value); }
  HPAR_INLINE_FUNCTION bool references_scalar() const { return true; }
};
