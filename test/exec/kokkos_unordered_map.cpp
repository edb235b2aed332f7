// Checks Kokkos::UnorderedMap: 1M concurrent inserts of 100003 keys (successes = distinct keys, per-key counts by atomic_add on value_at), 1M inserts hammering 61 keys with the AtomicAdd insert op, find/exists/key_at/value_at of present and absent keys, size, capacity rounding, a too-small map (failed_insert, reset_failed_insert_flag, rehash keeps the entries, inserting again succeeds), erase between begin_erase and end_erase (freed slots are reused), clear, the set form, TeamThreadRange inserts of struct keys, and the contents through create_mirror/deep_copy against std::map and std::set.
// HPAR-EXEC: serial omp-clang omp-gcc cuda
#include <Kokkos_Core.hpp>
#include <Kokkos_UnorderedMap.hpp>
#include "check.hpp"

#include <cstdint>
#include <cstdio>
#include <map>
#include <set>
#include <utility>
#include <vector>

using map_type = Kokkos::UnorderedMap<int, int>;

constexpr int kDistinct = 100003;
constexpr int kInserts = 1000000;

// Kokkos' capacity for a hint: 7/6 of it rounded up to a multiple of 128.
uint32_t kokkos_capacity(uint32_t hint) { return ((7ull * hint / 6 + 127) / 128) * 128; }

// How many i < kInserts have i % kDistinct == key.
KOKKOS_INLINE_FUNCTION int inserts_of(int key) {
  return kInserts / kDistinct + (key < kInserts % kDistinct ? 1 : 0);
}

// The number of inserts that succeeded, existed and failed, counted with atomics.
struct Outcomes {
  Kokkos::View<int*> counts{"outcomes", 3};
  KOKKOS_INLINE_FUNCTION void record(const Kokkos::UnorderedMapInsertResult& r) const {
    Kokkos::atomic_add(&counts(r.success() ? 0 : r.existing() ? 1 : 2), 1);
  }
  std::vector<int> read() const {
    auto h = Kokkos::create_mirror_view(counts);
    Kokkos::deep_copy(h, counts);
    std::vector<int> v{h(0), h(1), h(2)};
    Kokkos::deep_copy(counts, 0);
    return v;
  }
};

void test_many_duplicates() {
  map_type m(kDistinct);
  check_eq("capacity rounds the hint as Kokkos does", m.capacity(), kokkos_capacity(kDistinct));
  check(m.is_allocated() && m.size() == 0 && !m.failed_insert(), "a new map is empty");

  Outcomes out;
  int successes = -1;
  Kokkos::parallel_reduce("insert_duplicates", kInserts, KOKKOS_LAMBDA(const int i, int& s) {
    const auto r = m.insert(i % kDistinct, 0);
    if (r.success()) ++s;
    if (!r.failed()) Kokkos::atomic_add(&m.value_at(r.index()), 1);
    out.record(r);
  }, successes);
  const auto o = out.read();
  check_eq("successes = distinct keys", successes, kDistinct);
  check_eq("success() counted by atomics", o[0], kDistinct);
  check_eq("existing() for every other insert", o[1], kInserts - kDistinct);
  check_eq("no insert failed", o[2], 0);
  check_eq("size() after the inserts", m.size(), kDistinct);
  check(!m.failed_insert(), "failed_insert() is false when nothing failed");

  // find/exists in a second kernel, through the const view of the map that read-only phases
  // use: keys [0, kDistinct) present with their counts, the next kDistinct keys and negative
  // keys absent.
  const map_type::const_map_type cm = m;
  int errors = -1;
  Kokkos::parallel_reduce("find_keys", 2 * kDistinct, KOKKOS_LAMBDA(const int k, int& e) {
    const uint32_t idx = cm.find(k);
    const bool present = k < kDistinct;
    if (map_type::valid_index(idx) != present || m.exists(k) != present) ++e;
    if (present && (!cm.valid_at(idx) || cm.key_at(idx) != k || cm.value_at(idx) != inserts_of(k)))
      ++e;
    if (cm.exists(-1 - k) || m.find(-1 - k) != map_type::invalid_index) ++e;
  }, errors);
  check_eq("find/exists/key_at/value_at of present and absent keys", errors, 0);

  // The contents on the host, against a host count of the same inserts.
  std::map<int, int> expected;
  for (int i = 0; i < kInserts; ++i) ++expected[i % kDistinct];
  auto h = Kokkos::create_mirror(m);
  Kokkos::deep_copy(h, m);
  check_eq("host mirror capacity", h.capacity(), m.capacity());
  check_eq("host mirror size", h.size(), kDistinct);
  std::map<int, int> got;
  for (uint32_t i = 0; i < h.capacity(); ++i)
    if (h.valid_at(i)) got[h.key_at(i)] += h.value_at(i);
  check(got == expected, "host mirror holds every key with its insert count");
  check(h.exists(77) && h.value_at(h.find(77)) == expected[77] && !h.exists(kDistinct),
        "find on the host mirror");
}

void test_hot_keys() {
  // 1M inserts of 61 keys, 8 neighbouring threads on the same key: exactly one success per key,
  // and the AtomicAdd op adds every other insert's value to the first one's.
  using hot_map = Kokkos::UnorderedMap<int, long long>;
  using ops = Kokkos::UnorderedMapInsertOpTypes<Kokkos::View<long long*>, uint32_t>;
  hot_map hot(61);
  int successes = -1;
  Kokkos::parallel_reduce("insert_hot", kInserts, KOKKOS_LAMBDA(const int i, int& s) {
    const auto r = hot.insert((i / 8) % 61, (long long)(i % 5 + 1), ops::AtomicAdd());
    if (r.success()) ++s;
  }, successes);
  check_eq("one success per hot key", successes, 61);
  check_eq("hot map size", hot.size(), 61);
  std::vector<long long> sums(61, 0);
  for (int i = 0; i < kInserts; ++i) sums[(i / 8) % 61] += i % 5 + 1;
  auto h = Kokkos::create_mirror(hot);
  Kokkos::deep_copy(h, hot);
  int wrong = 0;
  for (int k = 0; k < 61; ++k) {
    const uint32_t idx = h.find(k);
    if (!h.valid_at(idx) || h.value_at(idx) != sums[k]) ++wrong;
  }
  check_eq("AtomicAdd insert op sums every insert's value", wrong, 0);

  // NoOp (the default) keeps the value the key was inserted with.
  Kokkos::UnorderedMap<int, int> first(10);
  Kokkos::parallel_for("insert_first", 3, KOKKOS_LAMBDA(const int i) { first.insert(i, 42 + i); });
  int existing = -1;
  Kokkos::parallel_reduce("insert_again", 999, KOKKOS_LAMBDA(const int i, int& e) {
    if (first.insert(i % 3, -1).existing()) ++e;
  }, existing);
  auto hf = Kokkos::create_mirror(first);
  Kokkos::deep_copy(hf, first);
  check(existing == 999 && hf.size() == 3 && hf.value_at(hf.find(0)) == 42 &&
            hf.value_at(hf.find(2)) == 44,
        "NoOp keeps the inserted value");
}

// Fills `m` with keys 3i+1 -> 7i for i < n; returns {successes, existing, failed}.
std::vector<int> insert_range(const map_type& m, const int n) {
  Outcomes out;
  Kokkos::parallel_for("insert_range", n, KOKKOS_LAMBDA(const int i) {
    out.record(m.insert(3 * i + 1, 7 * i));
  });
  return out.read();
}

// Counts the keys 3i+1 (i < n) whose presence or value is wrong; `erased_even`: even i absent.
int wrong_values(const map_type& m, const int n, const bool erased_even) {
  int errors = -1;
  Kokkos::parallel_reduce("check_range", n, KOKKOS_LAMBDA(const int i, int& e) {
    const uint32_t idx = m.find(3 * i + 1);
    const bool present = !(erased_even && i % 2 == 0);
    if (m.valid_at(idx) != present) ++e;
    else if (present && (m.key_at(idx) != 3 * i + 1 || m.value_at(idx) != 7 * i)) ++e;
  }, errors);
  return errors;
}

void test_full_rehash_erase_clear() {
  map_type small(1000);
  const uint32_t cap = small.capacity();
  check_eq("capacity of hint 1000", cap, kokkos_capacity(1000));
  auto o = insert_range(small, 5000);
  check(small.failed_insert(), "failed_insert() after overfilling");
  check_eq("a full map took capacity() keys", o[0], cap);
  check_eq("the other inserts failed", o[2], 5000 - int(cap));
  check_eq("size() of the full map", small.size(), cap);

  small.reset_failed_insert_flag();
  check(!small.failed_insert(), "reset_failed_insert_flag()");
  o = insert_range(small, 5000);
  check(small.failed_insert() && o[1] == int(cap) && o[2] == 5000 - int(cap),
        "inserting into the full map again: the old keys exist, the new ones fail");

  check(small.rehash(5000), "rehash returns true");
  check_eq("capacity after rehash(5000)", small.capacity(), kokkos_capacity(5000));
  check_eq("rehash keeps the entries", small.size(), cap);
  check(!small.failed_insert(), "rehash starts with a clear failed-insert flag");
  o = insert_range(small, 5000);
  check_eq("after rehash the missing keys go in", o[0], 5000 - int(cap));
  check_eq("after rehash the kept keys exist", o[1], int(cap));
  check_eq("after rehash nothing fails", o[2], 0);
  check_eq("size() after rehash and inserting again", small.size(), 5000);
  check_eq("every key has its value after rehash", wrong_values(small, 5000, false), 0);

  // Erase the even i; inserts fail while erasing, without setting the flag.
  check(small.begin_erase() && small.erasable(), "begin_erase()");
  int erased = -1;
  Kokkos::parallel_reduce("erase_even", 5000, KOKKOS_LAMBDA(const int i, int& e) {
    if (i % 2 == 0 && small.erase(3 * i + 1)) ++e;
    if (i % 2 == 0 && small.erase(3 * i + 1)) e += 1000;  // a second erase finds nothing
  }, erased);
  check_eq("erase() removes each even key once", erased, 2500);
  o = insert_range(small, 10);
  check(o[2] == 10 && !small.failed_insert(), "inserts fail while erasable, the flag stays clear");
  check(small.end_erase() && !small.erasable(), "end_erase()");
  check_eq("size() after erasing", small.size(), 2500);
  check_eq("erased keys are gone, the others keep their values", wrong_values(small, 5000, true), 0);
  // The freed slots take new keys: fill the map to its capacity.
  const int room = int(small.capacity()) - 2500;
  Outcomes out;
  Kokkos::parallel_for("refill", room + 1, KOKKOS_LAMBDA(const int i) {
    out.record(small.insert(-1 - i, i));
  });
  o = out.read();
  check(o[0] == room && o[2] == 1 && small.size() == small.capacity(),
        "after end_erase the map fills to its capacity");

  small.clear();
  check(small.size() == 0 && !small.failed_insert(), "clear() empties the map and the flag");
  check_eq("clear() keeps the capacity", small.capacity(), kokkos_capacity(5000));
  int found = -1;
  Kokkos::parallel_reduce("after_clear", 5000, KOKKOS_LAMBDA(const int i, int& f) {
    if (small.exists(3 * i + 1)) ++f;
  }, found);
  check_eq("no key exists after clear()", found, 0);
  o = insert_range(small, 100);
  check(o[0] == 100 && small.size() == 100, "inserts after clear() succeed");
}

void test_set() {
  // Quadratic residues modulo the prime 4099: 2050 distinct keys among 200000 inserts.
  const uint32_t hint = 3000;
  Kokkos::UnorderedMap<long long, void> set(hint);
  int successes = -1;
  Kokkos::parallel_reduce("insert_set", 200000, KOKKOS_LAMBDA(const int i, int& s) {
    if (set.insert((long long)i * i % 4099).success()) ++s;
  }, successes);
  std::set<long long> expected;
  for (long long i = 0; i < 200000; ++i) expected.insert(i * i % 4099);
  check_eq("set: successes = distinct residues", successes, (long long)expected.size());
  check_eq("set: size()", set.size(), (long long)expected.size());
  // A host map of the same capacity, named with HostSpace.
  Kokkos::UnorderedMap<long long, void, Kokkos::HostSpace> host_set(hint);
  Kokkos::deep_copy(host_set, set);
  std::set<long long> got;
  for (uint32_t i = 0; i < host_set.capacity(); ++i)
    if (host_set.valid_at(i)) got.insert(host_set.key_at(i));
  check(got == expected, "set: deep_copy to a HostSpace set holds the residues");
  check(host_set.exists(4) && !host_set.exists(3), "set: exists on the host (4 is a residue, 3 not)");
}

struct Cell {
  int row;
  int col;
};

void test_team_inserts() {
  // 500 teams of TeamThreadRange(400) insert Cell{team % 50, j % 37}: 1850 distinct cells.
  using cell_map = Kokkos::UnorderedMap<Cell, int>;
  using ops = Kokkos::UnorderedMapInsertOpTypes<Kokkos::View<int*>, uint32_t>;
  using member_type = Kokkos::TeamPolicy<>::member_type;
  const int league = 500, per_team = 400;
  cell_map cells(2000);
  int successes = -1;
  Kokkos::parallel_reduce("team_insert", Kokkos::TeamPolicy<>(league, Kokkos::AUTO),
                          KOKKOS_LAMBDA(const member_type& team, int& s) {
    const int row = team.league_rank() % 50;
    int team_successes = 0;
    Kokkos::parallel_reduce(Kokkos::TeamThreadRange(team, per_team), [&](const int j, int& t) {
      if (cells.insert(Cell{row, j % 37}, 1, ops::AtomicAdd()).success()) ++t;
    }, team_successes);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { s += team_successes; });
  }, successes);
  std::map<std::pair<int, int>, int> expected;
  for (int t = 0; t < league; ++t)
    for (int j = 0; j < per_team; ++j) ++expected[{t % 50, j % 37}];
  check_eq("team inserts: successes = distinct cells", successes, (long long)expected.size());
  check_eq("team inserts: size()", cells.size(), (long long)expected.size());
  cell_map::HostMirror h = Kokkos::create_mirror(cells);
  Kokkos::deep_copy(h, cells);
  std::map<std::pair<int, int>, int> got;
  for (uint32_t i = 0; i < h.capacity(); ++i)
    if (h.valid_at(i)) got[{h.key_at(i).row, h.key_at(i).col}] += h.value_at(i);
  check(got == expected, "team inserts: every cell counted once per insert");
}

int main(int argc, char* argv[]) {
  Kokkos::ScopeGuard guard(argc, argv);
  test_many_duplicates();
  test_hot_keys();
  test_full_rehash_erase_clear();
  test_set();
  test_team_inserts();
  return report();
}
