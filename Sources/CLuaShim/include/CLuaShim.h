/* The C side of the Lua bridge. Everything that may raise a Lua error (longjmp) lives here, so that no
   Lua error ever unwinds through a Swift frame: Swift functions called from Lua return PB_RAISE after
   pushing an error value, and the trampoline raises it once the Swift frames are gone. */
#ifndef PIECEBOX_CLUASHIM_H
#define PIECEBOX_CLUASHIM_H
#include <lua.h>
#include <stddef.h>
#include <stdint.h>

/* Returned by a Swift dispatch to ask the trampoline to raise the value on top of the stack. */
#define PB_RAISE (-1)
/* Like PB_RAISE, but the value is raised exactly as it is (an error passing through from nested Lua). */
#define PB_RAISE_RAW (-2)

/* Why a state was stopped. The host reads this flag, never the error text, to decide what happened. */
enum {
  PB_TRIP_NONE = 0,
  PB_TRIP_INSTRUCTIONS = 1,
  PB_TRIP_TIME = 2,
  PB_TRIP_MEMORY = 3,
  PB_TRIP_CANCEL = 4
};

/* Per-state limits and accounting. The allocator's user data, so the hook finds it without a lookup. */
typedef struct pb_limits {
  size_t used;              /* bytes currently allocated by this state */
  size_t peak;              /* high-water mark, for reports */
  size_t limit;             /* 0: no cap */
  int relaxed;              /* > 0 while host (Swift) code runs: the cap is not applied */
  int64_t instr_left;       /* instructions still allowed; counts down by `count` per hook */
  int64_t instr_limit;      /* 0: no budget */
  int64_t run_left;         /* an exploration's run: instructions it may still use (0: no run budget). Running
                               out raises an ordinary error, once, which the exploration reports and shrinks; the
                               file goes on (the file's own budget above still stops everything) */
  int count;                /* hook period in VM instructions */
  uint64_t deadline_ns;     /* CLOCK_MONOTONIC deadline; 0: none */
  int tripped;              /* PB_TRIP_* */
  volatile int cancel;      /* set by another thread to stop the state at the next hook */
  char where[256];          /* "file.lua:12" where the trip was noticed, if known */
  lua_State *main;          /* the main thread */
  lua_State *current;       /* the thread whose host call is running (NULL: none): where the host reads, pushes
                               and calls back into Lua, so a binding called from a coroutine answers on it */
  int host_depth;           /* host calls nested inside one another (Lua -> Swift -> Lua -> Swift ...) */
  int letters;              /* errors of the script's own code the host called, waiting for the host call that
                               ran it to end (the host's CalloutMailbox keeps their text): 0, the usual case,
                               lets a host call end without looking */
  int64_t allocations;      /* allocations and growths so far */
  int64_t fail_at;          /* tests only: the allocation with this number is treated as over the cap; 0: off */
  int64_t read_entries;     /* what the running host call has copied out of Lua so far (its read budget): */
  int64_t read_bytes;       /*   table entries and string bytes; each host call starts from 0 */
  void *host;               /* the host's own object for this state (not retained), for host code that is handed
                               only a thread and must reach it (to count the host's memory afresh) */
  uint64_t births;          /* tables, functions, coroutines and host userdata made so far: each is numbered as it
                               is made (see pb_push_birth), so the sandbox can order them by what the script did */
  struct pb_arena_chunk *arena; /* the set-up's blocks (see pb_setup_begin), newest chunk first; NULL: none */
  int setting_up;           /* > 0 while the host sets the state up: blocks come from the arena */
} pb_limits;

/* Host calls may nest (a Lua piece's layout making a stage whose piece lays out ...), each level a few Swift
   frames deep; past this depth the call is refused, long before the thread's stack could run out. */
#define PB_MAX_HOST_DEPTH 48
/* Stack slots reserved on the calling thread before every host call; a host function may use this many
   without checking (a coroutine's stack starts with far fewer). Deeper pushes and reads reserve their own. */
#define PB_HOST_STACK 64

/* `self`: a method's receiver box, checked against its class (NULL: none or not of the class); `reading`: the
   number of a reading an __index looked up (0: none). */
typedef int (*pb_dispatch_fn)(lua_State *L, void *box, void *self, int reading);
typedef void (*pb_release_fn)(void *box);
/* Pushes the error waiting for the running host call (see `letters`) and returns 1, or returns 0 with none. */
typedef int (*pb_letter_fn)(lua_State *L);

/* What an error names the value at `idx` as (its "got ..."): Lua's name for its type, or for a userdata whose
   metatable has a string `__name` (the host's objects: "piecebox.stage") that name, as Lua's own argument errors
   do. Read raw: no metamethod runs. */
const char *pb_type_name(lua_State *L, int idx);
/* The same as a Lua function of one value (the host's chunks' `host.typeName`), so their errors name it alike. */
int pb_lua_type_name(lua_State *L);

/* Registers the Swift functions every trampoline and box finalizer calls. Once per process. */
void pb_set_dispatch(pb_dispatch_fn dispatch, pb_release_fn release, pb_letter_fn letter);

/* Gives an exploration's run `n` instructions (0: none), counted by the hook beside the file's budget. */
void pb_set_run_budget(lua_State *L, int64_t n);

/* A new state with the counting allocator, a panic handler and the limits hook already installed. */
lua_State *pb_newstate(pb_limits *limits);
pb_limits *pb_limits_of(lua_State *L);
uint64_t pb_now_ns(void);

/* Opens base, table, string, math, utf8 and coroutine, protected. Returns a lua status code. */
int pb_open_safe_libs(lua_State *L);

/* The only way the host runs Lua: the cap applies while Lua runs, and is relaxed again afterwards. A state
   already stopped by a limit runs nothing: the call fails at once with the limit's message. */
int pb_pcall(lua_State *L, int nargs, int nresults, int msgh);

/* Writes "file:line" of the innermost script frame at `level` or above into `out` (the host's own "=piecebox:"
   chunks and C functions are skipped: their lines mean nothing to a scenario's author). Returns 0, with `out`
   empty, when no script frame is found. Reads only; never raises. */
int pb_script_where(lua_State *L, int level, char *out, size_t size);

/* Registry key of the sandbox's explainer, function(message) -> message: the handler below passes every error's
   message through it, so a hint can be added. */
#define PB_EXPLAIN_KEY "piecebox.explain"

/* Pushes a message handler that gives every error a message with its script line, and a short traceback. */
void pb_push_traceback_handler(lua_State *L);

/* Pushes a Lua function that calls into Swift with `box` (retained by the caller; released by __gc). */
void pb_push_swift_function(lua_State *L, void *box);

/* Pushes a method of the class whose metatable is at `metatable`: calls into Swift with `box` and, when argument 1
   is an object of that class, its object box. The class is checked by the metatable's address, which the object's
   userdata carries, so the check is one comparison. */
void pb_push_swift_method(lua_State *L, void *box, int metatable);

/* The same two, for functions a state makes once and keeps (its libraries, its classes' methods): `box` is held by
   the state's host, which releases it when the state closes, so the function is one closure with no userdata and
   no finalizer. */
void pb_push_lasting_function(lua_State *L, void *box);
/* A kept method: its box and the address of its class's metatable, side by side where the state's host keeps
   them, so a call reads one upvalue. */
typedef struct pb_method {
  void *box;
  const void *cls;
} pb_method;
void pb_push_lasting_method(lua_State *L, pb_method *method);

/* Pushes the __index of the class whose metatable is at `metatable`: a plain read of the methods table at
   `methods`, then for a name in the table `readings` (name -> number) a call into Swift with `box`, the object
   and that number; anything else calls Swift with number 0 (plugin methods, misses). */
void pb_push_index(lua_State *L, void *box, int methods, int readings, int metatable);

/* Pushes a userdata holding `box`, with the metatable stored in the registry under `tname`
   (created on first use with a protected __metatable and a __gc that releases the box). */
void pb_push_object(lua_State *L, void *box, const char *tname);
/* As pb_push_object, with a block of `bytes` the userdata keeps alive: Lua's allocator counts it against the cap
   and its collector paces itself on it, so a userdata holding a large Swift value weighs what that value does. */
void pb_push_object_weighing(lua_State *L, void *box, const char *tname, size_t bytes);

/* As pb_push_object, for an object that holds the value on top of the stack (its user value, which the collector
   follows from the object): the value is popped, the object pushed. The value stays alive while the object does. */
void pb_push_object_holding(lua_State *L, void *box, const char *tname);

/* Lua function birth(v): the number the state gave `v` when it was made (1 for the first table, function,
   coroutine or host userdata, and so on), or nil for a value that has none (a light C function, a number...).
   Made objects are numbered by the allocator in the order the state makes them, which depends only on what the
   script (and the host's code) did, never on addresses. Never raises. */
int pb_birth(lua_State *L);

/* Pushes the metatable for `tname`, creating it (protected, with a releasing __gc) on first use. */
void pb_push_metatable(lua_State *L, const char *tname);

/* The box inside a userdata made by pb_push_object with metatable `tname`, or NULL. Never raises. */
void *pb_object_box(lua_State *L, int idx, const char *tname);

/* Loads text only (binary chunks refused). Returns a lua status code; the error message is on the stack. */
int pb_loadtext(lua_State *L, const char *text, size_t len, const char *chunkname);

/* Memory in use by the state, in bytes. */
size_t pb_memory_used(lua_State *L);

/* Runs a full collection, protected. */
void pb_collect(lua_State *L);
/* Stops (restarts) Lua's collector: a fresh state's set-up makes only what it keeps, so collecting during it is
   wasted work. Never raise. */
/* The host's set-up of a fresh state (its libraries, its chunks, the bindings): the collector stopped, and blocks
   taken in turn from a few large ones (the arena) instead of one malloc each, since the set-up makes thousands of
   small blocks that almost all live until the state closes; closing then frees them at once (pb_arena_release).
   A new state starts in its set-up. `as_after_a_cycle`: restart the collector as a finished cycle leaves it (the
   next cycle once the state has doubled) rather than at once. Never raise. */
void pb_setup_begin(lua_State *L);
void pb_setup_end(lua_State *L, int as_after_a_cycle);
/* Frees the arena's chunks: after lua_close, which has freed every block (those in the arena are left as they are). */
void pb_arena_release(pb_limits *limits);
#endif
