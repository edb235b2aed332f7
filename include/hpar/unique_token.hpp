// hpar: UniqueToken, small integers that the threads running at once hold one at a time
// (Kokkos::Experimental::UniqueToken, AcquireUniqueToken, AcquireTeamUniqueToken).
//
//   UniqueToken<ExecSpace = DefaultExecutionSpace, Scope = UniqueTokenScope::Instance> token;
//   token.size()          the bound: every value handed out is in [0, size())
//   token.acquire()       a value no other current holder of this token's pool holds; it may spin
//                         until a holder gives one back
//   token.release(v)      gives v back (by the thread that acquired it)
// Tokens are made on the host and copied into kernels (they hold a View); acquire and release
// work inside kernels at every level, and on the host outside them.
//
// Where the values come from, per kind of space:
//   a space whose dispatches run on several threads (CUDA: Cuda; OpenMP: OpenMPTarget; and
//     OpenMP, on every OpenMP thread, translated in the build for the host and run in the header
//     in the builds for a device): a pool of lock words in the space's memory
//     (impl/thread_slots.hpp): acquire takes a free word, trying the calling thread's number
//     first. Scope Global: one pool per execution space for the whole program, concurrency()
//     words, allocated on first use and never freed, shared by every Global token of the space.
//     Scope Instance: a pool of the token's own, concurrency() words or the max_size given,
//     shared by the token's copies and freed with the last host copy.
//   a host space run on the calling thread (Serial): one holder at a time, so acquire returns 0
//     without locking, as Kokkos' Serial does. size() is concurrency() (1) or the max_size given.
// Invariants: a thread holds a value for a short while and gives it back before the kernel ends
// (Kokkos' rule); with a pool smaller than the threads that acquire at once, the others spin
// until a value comes back (on the GPU every resident thread makes progress, sm_70 and later).
// A thread that holds a value of a device pool must not wait for a second value of the same
// pool: when every word is held that way, nothing is ever given back.
#pragma once

#include <cstddef>
#include <string>

#include "impl/library_for.hpp"
#include "impl/thread_slots.hpp"
#include "macros.hpp"
#include "nested.hpp"
#include "scratch.hpp"
#include "spaces.hpp"
#include "view.hpp"

namespace hpar {
namespace Experimental {

/// Whose threads a token's values are unique among: the token's own users (Instance) or every
/// Global token of the execution space (Global).
enum class UniqueTokenScope : int { Instance, Global };

}  // namespace Experimental

namespace impl {
/// Tag of the constructor that makes a token with no pool (a default-constructed ScatterView's).
struct UniqueTokenNoPool {};
}  // namespace impl

HPAR_IMPL_DEVICE_CODE_BEGIN

namespace impl {

/// What kernels use of a UniqueToken: the pool's lock words and the bound. The constructors,
/// which allocate, are UniqueToken's (below, outside the device code).
template <class ExecSpace>
class UniqueTokenPool {
 public:
  using execution_space = ExecSpace;
  using size_type = typename execution_space::size_type;

  /// The bound of the values: 0 <= acquire() < size().
  HPAR_INLINE_FUNCTION size_type size() const { return m_size; }

  /// A value that no other current holder has (see the top of this file).
  HPAR_INLINE_FUNCTION size_type acquire() const {
    if constexpr (runs_on_calling_thread<execution_space>()) {
      return 0;
    } else {
      return size_type(acquire_slot(m_locks, int(m_size), thread_hint()));
    }
  }

  /// Gives back a value of acquire().
  HPAR_INLINE_FUNCTION void release(size_type value) const {
    if constexpr (!runs_on_calling_thread<execution_space>())
      release_slot(m_locks, int(value));
    else
      (void)value;
  }

 protected:
  View<int*, typename execution_space::memory_space> m_pool;  // owns an Instance token's words
  int* m_locks = nullptr;                                      // the pool's lock words
  size_type m_size = 0;
};

}  // namespace impl

namespace Experimental {

template <class ExecSpace = DefaultExecutionSpace,
          UniqueTokenScope Scope = UniqueTokenScope::Instance>
class UniqueToken;

/// Holds a value of `token` for its lifetime: acquired by the constructor, released by the
/// destructor.
template <class ExecSpace, UniqueTokenScope Scope = UniqueTokenScope::Instance>
class AcquireUniqueToken {
 public:
  using exec_space = ExecSpace;
  using token_type = UniqueToken<exec_space, Scope>;
  using size_type = typename token_type::size_type;

  HPAR_INLINE_FUNCTION AcquireUniqueToken(const token_type& token)
      : m_token(token), m_value(token.acquire()) {}
  AcquireUniqueToken(const AcquireUniqueToken&) = delete;
  AcquireUniqueToken& operator=(const AcquireUniqueToken&) = delete;
  HPAR_INLINE_FUNCTION ~AcquireUniqueToken() { m_token.release(m_value); }

  HPAR_INLINE_FUNCTION size_type value() const { return m_value; }

 private:
  token_type m_token;
  size_type m_value;
};

/// Holds one value of `token` for a whole team: its leader acquires it, every thread of the team
/// sees it, and the leader releases it once the team is done. Constructor and destructor are
/// team collectives: every thread of the team must reach them. (Kokkos passes the value through
/// team scratch; hpar broadcasts it, so shmem_size() only keeps Kokkos' scratch requests valid.)
template <class TeamPolicy>
class AcquireTeamUniqueToken {
 public:
  using exec_space = typename TeamPolicy::execution_space;
  using token_type = UniqueToken<exec_space>;
  using size_type = typename token_type::size_type;
  using team_member_type = typename TeamPolicy::member_type;

  HPAR_INLINE_FUNCTION AcquireTeamUniqueToken(const token_type& token, const team_member_type& team)
      : m_token(token), m_team(&team) {
    size_type value = 0;
    if (team.impl_team_leader()) value = token.acquire();
    team.team_broadcast(value, 0);
    m_value = value;
  }
  AcquireTeamUniqueToken(const AcquireTeamUniqueToken&) = delete;
  AcquireTeamUniqueToken& operator=(const AcquireTeamUniqueToken&) = delete;
  HPAR_INLINE_FUNCTION ~AcquireTeamUniqueToken() {
    m_team->team_barrier();
    if (m_team->impl_team_leader()) m_token.release(m_value);
  }

  HPAR_INLINE_FUNCTION size_type value() const { return m_value; }
  static size_t shmem_size() { return impl::scratch_round(sizeof(size_type)); }

 private:
  token_type m_token;
  const team_member_type* m_team;
  size_type m_value;
};

}  // namespace Experimental

HPAR_IMPL_DEVICE_CODE_END

// ---- host-only parts: the pools and the constructors -------------------------------------

namespace impl {

/// The Global pool of ExecSpace's lock words (a device space's): concurrency() zeroed words,
/// allocated on first use and never freed (a View destroyed after the backend shut down could
/// not free its memory).
template <class ExecSpace>
View<int*, typename ExecSpace::memory_space>& global_token_pool() {
  using Pool = View<int*, typename ExecSpace::memory_space>;
  static Pool* pool = new Pool("hpar::UniqueToken global pool", size_t(ExecSpace::concurrency()));
  return *pool;
}

}  // namespace impl

namespace Experimental {

/// The Global token: values unique among all Global tokens of ExecSpace.
template <class ExecSpace>
class UniqueToken<ExecSpace, UniqueTokenScope::Global> : public impl::UniqueTokenPool<ExecSpace> {
 public:
  using execution_space = ExecSpace;
  using size_type = typename execution_space::size_type;

  /// A token of the space's pool: size() is ExecSpace::concurrency().
  UniqueToken(const execution_space& space = execution_space()) {
    this->m_size = size_type(space.concurrency());
    if constexpr (!impl::runs_on_calling_thread<execution_space>()) {
      const auto& pool = impl::global_token_pool<execution_space>();
      this->m_locks = pool.data();
      this->m_size = pool.extent(0);
    }
  }
  HPAR_INLINE_FUNCTION explicit UniqueToken(impl::UniqueTokenNoPool) {}

 protected:
  struct OwnPool {};
  /// A token with a pool of its own of `size` words (none for a host space).
  UniqueToken(OwnPool, size_type size) {
    if (size < 1) ::hpar::abort("UniqueToken: the size must be at least 1");
    this->m_size = size;
    if constexpr (!impl::runs_on_calling_thread<execution_space>()) {
      this->m_pool = View<int*, typename execution_space::memory_space>("hpar::UniqueToken pool", size);
      this->m_locks = this->m_pool.data();
    }
  }
};

/// The Instance token: values unique among the users of this token (and its copies).
template <class ExecSpace>
class UniqueToken<ExecSpace, UniqueTokenScope::Instance>
    : public UniqueToken<ExecSpace, UniqueTokenScope::Global> {
  using Base = UniqueToken<ExecSpace, UniqueTokenScope::Global>;

 public:
  using execution_space = ExecSpace;
  using size_type = typename execution_space::size_type;

  /// size() is ExecSpace::concurrency().
  UniqueToken(const execution_space& space = execution_space())
      : Base(typename Base::OwnPool(), size_type(space.concurrency())) {}
  /// size() is max_size: at least the threads that hold a value at once (fewer make them wait),
  /// e.g. the loop's trip count, or concurrency() / team_size for a value per team.
  explicit UniqueToken(size_type max_size, const execution_space& = execution_space())
      : Base(typename Base::OwnPool(), max_size) {}
  UniqueToken(const execution_space&, size_type max_size)
      : Base(typename Base::OwnPool(), max_size) {}
  HPAR_INLINE_FUNCTION explicit UniqueToken(impl::UniqueTokenNoPool none) : Base(none) {}
};

}  // namespace Experimental
}  // namespace hpar
