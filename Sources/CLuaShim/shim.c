#include "CLuaShim.h"
#include <lauxlib.h>
#include <lualib.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static pb_dispatch_fn g_dispatch;
static pb_release_fn g_release;
static pb_letter_fn g_letter;

void pb_set_dispatch(pb_dispatch_fn dispatch, pb_release_fn release, pb_letter_fn letter) {
  g_dispatch = dispatch;
  g_release = release;
  g_letter = letter;
}

uint64_t pb_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

pb_limits *pb_limits_of(lua_State *L) {
  void *ud = NULL;
  lua_getallocf(L, &ud);
  return (pb_limits *)ud;
}

/* True for the host's own Lua chunks (the sandbox prelude, the test framework, the stage's helpers): a message
   names the script line that called into them, never a line of theirs. */
static int is_host_chunk(const lua_Debug *ar) {
  return ar->source != NULL && strncmp(ar->source, "=piecebox:", 10) == 0;
}

int pb_script_where(lua_State *L, int level, char *out, size_t size) {
  lua_Debug ar;
  out[0] = 0;
  for (int depth = 0; depth < 200 && lua_getstack(L, level, &ar); depth++, level++) {
    if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0 || is_host_chunk(&ar)) continue;
    snprintf(out, size, "%s:%d", ar.short_src, ar.currentline);
    return 1;
  }
  return 0;
}

/* Names the innermost script line on `L`'s stack, for breach messages. Reads only; never raises. */
static void note_where(lua_State *L, pb_limits *lim) {
  pb_script_where(L, 0, lim->where, sizeof lim->where);
}

/* The thread to name a line on: the one whose host call runs, else the main thread. */
static lua_State *running_thread(pb_limits *lim) { return lim->current ? lim->current : lim->main; }

/* The counting allocator. The cap holds while scripts run. While Swift runs (relaxed) a refusal would unwind
   through Swift frames, so an allocation past the cap goes ahead there but trips the state all the same: the
   trampoline raises the limit's error as soon as the host call returns. The first refused (or, relaxed,
   over-cap) allocation trips the state: the hook then raises on every instruction, so a script that catches
   "not enough memory" with pcall still stops. */
/* The objects numbered as they are made (the allocator is told an object's type as `osize` when `ptr` is NULL):
   tables, functions (closures) and coroutines. Their blocks are never resized, only freed, so the number sits in
   the last 8 bytes of the block, past what Lua uses; host userdata carry theirs in their slot (new_box_uv). */
/* The set-up's arena: chunks of PB_ARENA_CHUNK bytes (a block larger than that gets a chunk of its own), each
   block 16-byte aligned as malloc's are. A block in the arena is never freed nor grown in place: freeing it only
   takes it off the count, and growing it copies it to a new block. A numbered block carries its number in the
   16 bytes before it. */
#define PB_ARENA_CHUNK (96 * 1024)
struct pb_arena_chunk {
  struct pb_arena_chunk *next;
  char *start, *end;        /* the chunk's blocks: [start, end) */
  char *free;               /* where the next block goes */
};

static void *arena_take(pb_limits *lim, size_t n) {
  n = (n + 15) & ~(size_t)15;
  struct pb_arena_chunk *c = lim->arena;
  if (c == NULL || (size_t)(c->end - c->free) < n) {
    size_t size = n > PB_ARENA_CHUNK ? n : PB_ARENA_CHUNK;
    size_t head = (sizeof(struct pb_arena_chunk) + 15) & ~(size_t)15;
    char *raw = malloc(head + size);
    if (raw == NULL) return NULL;
    struct pb_arena_chunk *fresh = (struct pb_arena_chunk *)raw;
    fresh->start = fresh->free = raw + head;
    fresh->end = fresh->start + size;
    if (c != NULL && (size_t)(c->end - c->free) >= PB_ARENA_CHUNK / 8) {
      /* A lone large block: keep filling the current chunk after it. */
      fresh->next = c->next;
      c->next = fresh;
      fresh->free = fresh->end;
      return fresh->start;
    }
    fresh->next = c;
    lim->arena = c = fresh;
  }
  void *p = c->free;
  c->free += n;
  return p;
}

static int in_arena(const pb_limits *lim, const void *p) {
  for (const struct pb_arena_chunk *c = lim->arena; c != NULL; c = c->next) {
    if ((const char *)p >= c->start && (const char *)p < c->end) return 1;
  }
  return 0;
}

static int is_numbered(size_t tag) { return tag == LUA_TTABLE || tag == LUA_TFUNCTION || tag == LUA_TTHREAD; }

static void *numbered_alloc(pb_limits *lim, size_t nsize) {
  char *arena = lim->setting_up ? arena_take(lim, nsize + 16) : NULL;
  void *p = arena ? arena + 16 : malloc(nsize + sizeof(uint64_t));
  if (p == NULL) {
    if (lim->relaxed) {
      fputs("piecebox: out of memory in host code\n", stderr);
      abort();
    }
    return NULL;
  }
  uint64_t birth = ++lim->births;
  if (arena) memcpy(arena, &birth, sizeof birth);
  else memcpy((char *)p + malloc_usable_size(p) - sizeof(uint64_t), &birth, sizeof birth);
  lim->used += nsize;
  if (lim->used > lim->peak) lim->peak = lim->used;
  return p;
}

static uint64_t block_birth(const pb_limits *lim, const void *block) {
  uint64_t birth;
  if (in_arena(lim, block)) memcpy(&birth, (const char *)block - 16, sizeof birth);
  else memcpy(&birth, (const char *)block + malloc_usable_size((void *)block) - sizeof(uint64_t), sizeof birth);
  return birth;
}

static void *pb_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  pb_limits *lim = (pb_limits *)ud;
  size_t old = ptr ? osize : 0; /* when ptr is NULL, osize is a type tag */
  if (nsize == 0) {
    if (ptr != NULL && !in_arena(lim, ptr)) free(ptr);
    lim->used -= old;
    return NULL;
  }
  if (nsize > old) {
    lim->allocations++;
    int over = lim->fail_at > 0 && lim->allocations == lim->fail_at;
    if (!over && lim->limit) {
      size_t grow = nsize - old;
      /* After a trip, leave some room so the error message itself can be made. */
      size_t cap = lim->tripped == PB_TRIP_MEMORY ? lim->limit + (1u << 20) : lim->limit;
      over = lim->used > cap || grow > cap - lim->used;
    }
    if (over) {
      if (lim->tripped == PB_TRIP_NONE) {
        lim->tripped = PB_TRIP_MEMORY;
        if (lim->main) note_where(running_thread(lim), lim);
      }
      if (!lim->relaxed) return NULL;
    }
  }
  if (ptr == NULL && is_numbered(osize)) return numbered_alloc(lim, nsize);
  void *p;
  if (ptr != NULL && in_arena(lim, ptr)) {
    /* An arena block never changes in place: a shrink keeps it, a growth copies it. */
    if (nsize <= old) {
      lim->used = lim->used - old + nsize;
      return ptr;
    }
    p = lim->setting_up ? arena_take(lim, nsize) : malloc(nsize);
    if (p != NULL) memcpy(p, ptr, old);
  } else if (ptr == NULL && lim->setting_up) {
    p = arena_take(lim, nsize);
  } else {
    p = realloc(ptr, nsize);
  }
  if (p == NULL) {
    if (nsize <= old) return ptr; /* a shrink must not fail */
    if (lim->relaxed) {
      fputs("piecebox: out of memory in host code\n", stderr);
      abort();
    }
    return NULL;
  }
  lim->used = lim->used - old + nsize;
  if (lim->used > lim->peak) lim->peak = lim->used;
  return p;
}

static const char *trip_text(int tripped) {
  switch (tripped) {
  case PB_TRIP_INSTRUCTIONS: return "instruction limit exceeded";
  case PB_TRIP_TIME: return "time limit exceeded";
  case PB_TRIP_MEMORY: return "memory limit exceeded";
  default: return "cancelled";
  }
}

/* Installed on the main thread when the state is made and never removed, so every coroutine inherits it.
   Once tripped it re-arms itself to fire on every instruction of whichever thread runs, so neither pcall
   nor a coroutine can swallow the stop. */
static void pb_hook(lua_State *L, lua_Debug *ar) {
  pb_limits *lim = pb_limits_of(L);
  if (lim->tripped == PB_TRIP_NONE) {
    if (lim->instr_limit > 0) {
      lim->instr_left -= lim->count;
      if (lim->instr_left <= 0) lim->tripped = PB_TRIP_INSTRUCTIONS;
    }
    if (!lim->tripped && lim->deadline_ns && pb_now_ns() > lim->deadline_ns) lim->tripped = PB_TRIP_TIME;
    if (!lim->tripped && lim->cancel) lim->tripped = PB_TRIP_CANCEL;
    (void)ar;
    if (lim->tripped) note_where(L, lim);
    if (!lim->tripped && lim->run_left > 0) {
      lim->run_left -= lim->count;
      if (lim->run_left <= 0) {
        lim->run_left = 0;
        luaL_error(L, "the run used more instructions than an exploration's run may (something loops for ever)");
      }
    }
  }
  if (lim->tripped != PB_TRIP_NONE) {
    /* Tripped outside the hook (the allocator, or the host's own time check): note the first line that sees it. */
    if (lim->where[0] == 0) note_where(L, lim);
    lua_sethook(L, pb_hook, LUA_MASKCOUNT, 1);
    lua_pushstring(L, trip_text(lim->tripped));
    lua_error(L);
  }
}

static int pb_panic(lua_State *L) {
  const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(not a string)";
  fprintf(stderr, "piecebox: unprotected Lua error: %s\n", msg);
  abort();
  return 0;
}

static void pb_warn(void *ud, const char *msg, int tocont) {
  (void)ud; (void)msg; (void)tocont; /* warnings (e.g. from host finalizers) are not the script's output */
}

void pb_set_run_budget(lua_State *L, int64_t n) {
  pb_limits_of(L)->run_left = n > 0 ? n : 0;
}

lua_State *pb_newstate(pb_limits *lim) {
  lim->relaxed = 1; /* the host builds the state */
  if (lim->count <= 0) lim->count = 1000;
  lim->instr_left = lim->instr_limit;
  lim->setting_up = 1; /* the state's own blocks come from the set-up's arena; LuaState ends the set-up */
  lua_State *L = lua_newstate(pb_alloc, lim);
  if (L == NULL) return NULL;
  lim->main = L;
  lua_atpanic(L, pb_panic);
  lua_setwarnf(L, pb_warn, NULL);
  lua_sethook(L, pb_hook, LUA_MASKCOUNT, lim->count);
  return L;
}

static int open_safe(lua_State *L) {
  luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
  luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
  luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
  luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
  luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
  luaL_requiref(L, LUA_COLIBNAME, luaopen_coroutine, 1);
  lua_settop(L, 0);
  return 0;
}

int pb_open_safe_libs(lua_State *L) {
  lua_pushcfunction(L, open_safe);
  return lua_pcall(L, 0, 0, 0);
}

int pb_pcall(lua_State *L, int nargs, int nresults, int msgh) {
  pb_limits *lim = pb_limits_of(L);
  if (lim->tripped != PB_TRIP_NONE) {
    /* Stopped: run nothing. The function and its arguments make way for the message, as a failed call's do. */
    lua_settop(L, -(nargs + 1) - 1);
    lua_pushstring(L, trip_text(lim->tripped));
    return LUA_ERRRUN;
  }
  int saved = lim->relaxed;
  lim->relaxed = 0;
  int status = lua_pcall(L, nargs, nresults, msgh);
  lim->relaxed = saved;
  return status;
}

const char *pb_type_name(lua_State *L, int idx) {
  int type = lua_type(L, idx);
  if (type == LUA_TUSERDATA && lua_checkstack(L, 1)) {
    int field = luaL_getmetafield(L, idx, "__name");
    if (field != LUA_TNIL) {
      /* The string stays alive after the pop: the class's metatable, in the registry, holds it. */
      const char *name = field == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
      lua_pop(L, 1);
      if (name != NULL) return name;
    }
  }
  return lua_typename(L, type); /* the one place a type's name is chosen */
}

int pb_lua_type_name(lua_State *L) {
  lua_pushstring(L, pb_type_name(L, 1));
  return 1;
}

/* Every error leaves with a message, the script line it came from and a short traceback. error("text") already
   says where; any other value (error(nil), error(fn), error({})) is described here and given the line of the
   script that raised it. A table's __tostring is used when it gives a string; it runs protected. */
static int traceback_handler(lua_State *L) {
  if (lua_type(L, 1) != LUA_TSTRING) {
    char where[256];
    pb_script_where(L, 1, where, sizeof where);
    const char *sep = where[0] ? ": " : "";
    int top = lua_gettop(L);
    if (lua_type(L, 1) == LUA_TNUMBER) {
      lua_pushvalue(L, 1);
      const char *n = lua_tostring(L, -1);
      lua_pushfstring(L, "%s%serror with the value %s", where, sep, n);
    } else if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
      lua_pushvalue(L, 1);
      if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_type(L, -1) == LUA_TSTRING) {
        lua_pushfstring(L, "%s%s%s", where, sep, lua_tostring(L, -1));
      } else {
        lua_pushfstring(L, "%s%serror with a %s value (its __tostring failed)", where, sep, pb_type_name(L, 1));
      }
    } else {
      lua_pushfstring(L, "%s%serror with a %s value", where, sep, pb_type_name(L, 1));
    }
    lua_replace(L, 1);
    lua_settop(L, top);
  }
  /* The sandbox's explainer may add a hint (the near name of a misspelt global, what a frame holds). */
  if (lua_getfield(L, LUA_REGISTRYINDEX, PB_EXPLAIN_KEY) == LUA_TFUNCTION) {
    lua_pushvalue(L, 1);
    if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_type(L, -1) == LUA_TSTRING) lua_replace(L, 1);
    else lua_pop(L, 1);
  } else {
    lua_pop(L, 1);
  }
  luaL_traceback(L, L, lua_tostring(L, 1), 1);
  return 1;
}

void pb_push_traceback_handler(lua_State *L) { lua_pushcfunction(L, traceback_handler); }

/* Raises the trip's error on `L`, re-arming the hook on it so that neither pcall nor a coroutine gets past. */
static int raise_trip(lua_State *L, pb_limits *lim) {
  if (lim->where[0] == 0) note_where(L, lim);
  lua_sethook(L, pb_hook, LUA_MASKCOUNT, 1);
  lua_pushstring(L, trip_text(lim->tripped));
  return lua_error(L);
}

/* Every Lua -> Swift call. The host reads, pushes and calls back on `L`, the calling thread (lim->current),
   with room reserved on its stack; the Swift side never raises, so errors are raised here once it returned.
   `self` is the object box of a method's checked receiver (NULL when there is none or it is not of the class);
   `reading` is the number of a reading looked up by name (0 for everything else). Each call starts with an empty
   read budget of its own; the caller's is put back afterwards. */
static int host_call(lua_State *L, void *box, void *self, int reading) {
  pb_limits *lim = pb_limits_of(L);
  if (lim->tripped != PB_TRIP_NONE) return raise_trip(L, lim);
  if (lim->host_depth >= PB_MAX_HOST_DEPTH)
    return luaL_error(L, "host calls nested more than %d deep (a layout or handler that makes stages inside "
                         "stages?)", PB_MAX_HOST_DEPTH);
  if (!lua_checkstack(L, PB_HOST_STACK)) return luaL_error(L, "stack overflow (no room left for a host call)");
  lua_State *caller = lim->current;
  int64_t entries = lim->read_entries, bytes = lim->read_bytes;
  lim->read_entries = 0;
  lim->read_bytes = 0;
  lim->current = L;
  lim->host_depth++;
  lim->relaxed++;
  int r = g_dispatch(L, box, self, reading);
  /* An error of the script's own code that this call ran (a handler, a layout, a callback) is raised in place of
     its results or its own error, at this call's line. Looked for only when one waits somewhere. */
  if (lim->letters > 0 && g_letter(L)) r = PB_RAISE;
  lim->relaxed--;
  lim->host_depth--;
  lim->current = caller;
  lim->read_entries = entries;
  lim->read_bytes = bytes;
  /* A limit passed while the host worked (memory it allocated for Lua, time in its loops) stops the script
     here, at the line that called. */
  if (lim->tripped != PB_TRIP_NONE) return raise_trip(L, lim);
  if (r == PB_RAISE) {
    /* Raised here, after every Swift frame has returned. A string names the script line that called. */
    if (lua_type(L, -1) == LUA_TSTRING) {
      char where[256];
      if (pb_script_where(L, 1, where, sizeof where)) lua_pushfstring(L, "%s: ", where);
      else lua_pushliteral(L, "");
      lua_insert(L, -2);
      lua_concat(L, 2);
    }
    return lua_error(L);
  }
  if (r == PB_RAISE_RAW) return lua_error(L);
  return r;
}

/* Every userdata the host makes: the Swift box it keeps alive, the address of its metatable (which names its
   class: metatables live in the registry for the state's life, so the address is theirs alone), and, for a
   class's method, the address of that class's metatable, which the method's self must carry. Scripts cannot
   make userdata or change a userdata's metatable, so the class a slot names is the class it has. */
typedef struct pb_slot {
  void *box;
  const void *cls;
  const void *self_cls;
  uint64_t birth;           /* its number among the state's made objects (pb_birth) */
} pb_slot;

/* The slot of the userdata at `idx` when it is one of the host's (light userdata have no length), else NULL. */
static pb_slot *slot_at(lua_State *L, int idx) {
  pb_slot *slot = (pb_slot *)lua_touserdata(L, idx);
  return slot != NULL && lua_rawlen(L, idx) == sizeof(pb_slot) ? slot : NULL;
}

/* The object box of the userdata at `idx` when its class is `cls`, else NULL: one comparison, no lookup. */
static void *receiver(lua_State *L, int idx, const void *cls) {
  pb_slot *slot = slot_at(L, idx);
  return slot != NULL && slot->cls == cls ? slot->box : NULL;
}

/* A plain host function: upvalue 1 holds its box. */
static int pb_trampoline(lua_State *L) {
  pb_slot *fn = (pb_slot *)lua_touserdata(L, lua_upvalueindex(1));
  if (fn == NULL || fn->box == NULL) return luaL_error(L, "host function is no longer available");
  return host_call(L, fn->box, NULL, 0);
}

/* A class's method: upvalue 1 holds its box and its class, against which argument 1 (self) is checked here;
   the host explains a wrong self. */
static int pb_method_trampoline(lua_State *L) {
  pb_slot *fn = (pb_slot *)lua_touserdata(L, lua_upvalueindex(1));
  if (fn == NULL || fn->box == NULL) return luaL_error(L, "host function is no longer available");
  return host_call(L, fn->box, receiver(L, 1, fn->self_cls), 0);
}

/* A function the state keeps (pb_push_lasting_function): upvalue 1 is its box itself, a light userdata. */
static int pb_lasting_trampoline(lua_State *L) {
  return host_call(L, lua_touserdata(L, lua_upvalueindex(1)), NULL, 0);
}

/* A method the state keeps: upvalue 1 is its pb_method (box and class), kept by the state's host. */
static int pb_lasting_method_trampoline(lua_State *L) {
  const pb_method *m = (const pb_method *)lua_touserdata(L, lua_upvalueindex(1));
  return host_call(L, m->box, receiver(L, 1, m->cls), 0);
}

/* A class's __index(object, key): the methods table (upvalue 1) answers with a plain read, so a method call
   crosses into the host once, for the call itself. A reading's name maps to its number in upvalue 2, and only
   then does the host (box and class at upvalue 3) run, to read the live value; anything else (plugin methods,
   misses) goes to the host with number 0. */
static int pb_index(lua_State *L) {
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
  lua_pushvalue(L, 2);
  int reading = 0;
  if (lua_rawget(L, lua_upvalueindex(2)) == LUA_TNUMBER) reading = (int)lua_tointegerx(L, -1, NULL);
  lua_settop(L, 2);
  pb_slot *fn = (pb_slot *)lua_touserdata(L, lua_upvalueindex(3));
  if (fn == NULL || fn->box == NULL) return luaL_error(L, "host function is no longer available");
  return host_call(L, fn->box, receiver(L, 1, fn->self_cls), reading);
}

static int box_gc(lua_State *L) {
  pb_slot *slot = slot_at(L, 1);
  if (slot && slot->box) {
    void *box = slot->box;
    slot->box = NULL;
    if (g_release) g_release(box);
  }
  return 0;
}

/* Pushes a userdata holding `box`, of the class `tname`; `self_cls` is the class a method's self must have. */
static void new_box_uv(lua_State *L, void *box, const char *tname, const void *self_cls, int nuv);
static void new_box(lua_State *L, void *box, const char *tname, const void *self_cls) {
  new_box_uv(L, box, tname, self_cls, 0);
}

static void new_box_uv(lua_State *L, void *box, const char *tname, const void *self_cls, int nuv) {
  pb_slot *slot = (pb_slot *)lua_newuserdatauv(L, sizeof(pb_slot), nuv);
  pb_limits *lim = pb_limits_of(L);
  slot->birth = lim ? ++lim->births : 0;
  slot->box = box;
  slot->self_cls = self_cls;
  pb_push_metatable(L, tname);
  slot->cls = lua_topointer(L, -1);
  lua_setmetatable(L, -2);
}

void pb_push_metatable(lua_State *L, const char *tname) {
  if (luaL_newmetatable(L, tname)) {
    lua_pushcfunction(L, box_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
  }
}

void pb_push_swift_function(lua_State *L, void *box) {
  new_box(L, box, "piecebox.function", NULL);
  lua_pushcclosure(L, pb_trampoline, 1);
}

void pb_push_swift_method(lua_State *L, void *box, int metatable) {
  const void *cls = lua_topointer(L, metatable);
  new_box(L, box, "piecebox.function", cls);
  lua_pushcclosure(L, pb_method_trampoline, 1);
}

void pb_push_lasting_function(lua_State *L, void *box) {
  lua_pushlightuserdata(L, box);
  lua_pushcclosure(L, pb_lasting_trampoline, 1);
}

void pb_push_lasting_method(lua_State *L, pb_method *method) {
  lua_pushlightuserdata(L, method);
  lua_pushcclosure(L, pb_lasting_method_trampoline, 1);
}

void pb_push_index(lua_State *L, void *box, int methods, int readings, int metatable) {
  methods = lua_absindex(L, methods);
  readings = lua_absindex(L, readings);
  const void *cls = lua_topointer(L, metatable);
  lua_pushvalue(L, methods);
  lua_pushvalue(L, readings);
  new_box(L, box, "piecebox.function", cls);
  lua_pushcclosure(L, pb_index, 3);
}

void pb_push_object(lua_State *L, void *box, const char *tname) { new_box(L, box, tname, NULL); }

int pb_birth(lua_State *L) {
  uint64_t birth = 0;
  switch (lua_type(L, 1)) {
  case LUA_TTABLE:
    birth = block_birth(pb_limits_of(L), lua_topointer(L, 1));
    break;
  case LUA_TFUNCTION:
    /* A C function without upvalues is a light one: a pointer, not a made object. */
    if (!lua_iscfunction(L, 1)) birth = block_birth(pb_limits_of(L), lua_topointer(L, 1));
    else if (lua_getupvalue(L, 1, 1) != NULL) { lua_pop(L, 1); birth = block_birth(pb_limits_of(L), lua_topointer(L, 1)); }
    break;
  case LUA_TTHREAD:
    /* A thread's block starts with its extra space. */
    birth = block_birth(pb_limits_of(L), lua_getextraspace(lua_tothread(L, 1)));
    break;
  case LUA_TUSERDATA: {
    pb_slot *slot = slot_at(L, 1);
    if (slot != NULL && lua_getmetatable(L, 1)) {
      if (lua_topointer(L, -1) == slot->cls) birth = slot->birth;
      lua_pop(L, 1);
    }
    break;
  }
  default:
    break;
  }
  if (birth == 0) lua_pushnil(L); else lua_pushinteger(L, (lua_Integer)birth);
  return 1;
}

void pb_push_object_holding(lua_State *L, void *box, const char *tname) {
  new_box_uv(L, box, tname, NULL, 1);
  lua_rotate(L, -2, 1);
  lua_setiuservalue(L, -2, 1);
}

/* Pushes a userdata holding `box` that also carries a block of `bytes` (its first user value), so the collector
   counts and paces on the size of the Swift value it holds. */
void pb_push_object_weighing(lua_State *L, void *box, const char *tname, size_t bytes) {
  new_box_uv(L, box, tname, NULL, 1);
  lua_newuserdatauv(L, bytes, 0);
  lua_setiuservalue(L, -2, 1);
}

void *pb_object_box(lua_State *L, int idx, const char *tname) {
  if (luaL_testudata(L, idx, tname) == NULL) return NULL;
  pb_slot *slot = slot_at(L, idx);
  return slot ? slot->box : NULL;
}

int pb_loadtext(lua_State *L, const char *text, size_t len, const char *chunkname) {
  return luaL_loadbufferx(L, text, len, chunkname, "t");
}

size_t pb_memory_used(lua_State *L) { return pb_limits_of(L)->used; }

static int collect(lua_State *L) {
  lua_gc(L, LUA_GCCOLLECT, 0);
  return 0;
}

void pb_collect(lua_State *L) {
  lua_pushcfunction(L, collect);
  lua_pcall(L, 0, 0, 0);
}

/* Stopping and restarting the collector never raise (lua_gc is variadic, so Swift cannot call it itself). */
void pb_setup_begin(lua_State *L) {
  pb_limits_of(L)->setting_up = 1;
  lua_gc(L, LUA_GCSTOP);
}

/* Restarted as after a cycle (Lua's default pause, 200 %), the next cycle starts once the state has grown by as
   much as it holds now: a step of minus that many kilobytes sets the collector's debt to that credit without doing
   any work. */
void pb_setup_end(lua_State *L, int as_after_a_cycle) {
  pb_limits_of(L)->setting_up = 0;
  lua_gc(L, LUA_GCRESTART);
  if (!as_after_a_cycle) return;
  int kilobytes = lua_gc(L, LUA_GCCOUNT);
  if (kilobytes > 0) lua_gc(L, LUA_GCSTEP, -kilobytes);
}

void pb_arena_release(pb_limits *lim) {
  struct pb_arena_chunk *c = lim->arena;
  while (c != NULL) {
    struct pb_arena_chunk *next = c->next;
    free(c);
    c = next;
  }
  lim->arena = NULL;
}
