/* Debian's Lua 5.4 headers, plus static inline stand-ins for the macros Swift cannot import.
   Only non-raising helpers belong here; anything that may raise lives in CLuaShim. */
#ifndef PIECEBOX_CLUA_H
#define PIECEBOX_CLUA_H
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

static const int CLUA_REGISTRYINDEX = LUA_REGISTRYINDEX;

static inline void clua_pop(lua_State *L, int n) { lua_settop(L, -(n) - 1); }
static inline void clua_newtable(lua_State *L) { lua_createtable(L, 0, 0); }
static inline const char *clua_tostring(lua_State *L, int i) { return lua_tolstring(L, i, NULL); }
static inline lua_Number clua_tonumber(lua_State *L, int i) { return lua_tonumberx(L, i, NULL); }
static inline lua_Integer clua_tointeger(lua_State *L, int i) { return lua_tointegerx(L, i, NULL); }
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void clua_pushglobaltable(lua_State *L) { lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); }
static inline int clua_isnoneornil(lua_State *L, int i) { return lua_type(L, i) <= 0; }
static inline void clua_insert(lua_State *L, int i) { lua_rotate(L, i, 1); }
static inline void clua_remove(lua_State *L, int i) { lua_rotate(L, i, -1); lua_settop(L, -2); }
#endif
