/// Lua run once in every fresh state before any script: removes what a scenario must not reach and wraps
/// what it may use only in part. Receives the host's helper functions as its arguments.
enum Hardening {
    static let chunkName = "=piecebox:sandbox"

    static let source = #"""
local host = ...
local type, error, rawget, select, tostring = type, error, rawget, select, tostring
local setmetatable, load, collectgarbage = setmetatable, load, collectgarbage
local concat = table.concat
local G = _G

-- Not there at all: file access, binary chunks, the debug library, and a crash in 5.4.4's coroutine.close.
dofile, loadfile = nil, nil
string.dump = nil
coroutine.close = nil
getmetatable("").__metatable = false

-- Finalizers run with hooks off, so a looping __gc could never be stopped: refuse them.
G.setmetatable = function(t, mt)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("setmetatable: finalizers (__gc) are not allowed in scenarios", 2)
  end
  return setmetatable(t, mt)
end

-- Text chunks only; the default environment is the scenario's own.
G.load = function(chunk, name, mode, env)
  if mode ~= nil and mode ~= "t" then
    error("load: only text chunks may be loaded (mode \"t\"), got mode \"" .. tostring(mode) .. "\"", 2)
  end
  return load(chunk, name, "t", env or G)
end

G.collectgarbage = function(opt, ...)
  if opt == nil or opt == "collect" or opt == "count" or opt == "step" then
    return collectgarbage(opt, ...)
  end
  error("collectgarbage: only \"collect\", \"count\" and \"step\" are available in scenarios", 2)
end

-- Seeded per scenario file, so runs repeat; reseeding needs an explicit seed (never the time).
local randomseed = math.randomseed
math.randomseed = function(seed, ...)
  if seed == nil then error("math.randomseed: give a seed; scenarios are deterministic", 2) end
  return randomseed(seed, ...)
end
randomseed(host.seed)

-- Lua seeds its string hashing from the time, so `next` visits keys in a different order on every run.
-- `pairs` visits them in a fixed order instead (numbers ascending, then strings, then booleans, then the
-- rest), so a scenario that prints or builds from a table gives the same result every time.
local next, rawget, getmetatable, sort = next, rawget, getmetatable, table.sort
local function rank(k)
  local t = type(k)
  if t == "number" then return 1 elseif t == "string" then return 2 elseif t == "boolean" then return 3 end
  return 4
end
local function before(a, b)
  local ra, rb = rank(a), rank(b)
  if ra ~= rb then return ra < rb end
  if ra <= 2 then return a < b end
  if ra == 3 then return b and not a end
  return false
end
G.pairs = function(t)
  local mt = getmetatable(t)
  if type(mt) == "table" and rawget(mt, "__pairs") ~= nil then return rawget(mt, "__pairs")(t) end
  if type(t) ~= "table" then error("bad argument #1 to 'pairs' (table expected, got " .. type(t) .. ")", 2) end
  local keys, n = {}, 0
  for k in next, t do n = n + 1; keys[n] = k end
  sort(keys, before)
  local i = 0
  return function()
    i = i + 1
    local k = keys[i]
    if k == nil then return nil end
    return k, rawget(t, k)
  end, t, nil
end

G.print = function(...)
  local n = select("#", ...)
  local parts = {}
  for i = 1, n do parts[i] = tostring((select(i, ...))) end
  host.print(concat(parts, "\t"))
end

-- Modules resolve only inside the allowed folders, as text. The libraries the sandbox keeps are already
-- loaded, as in Lua, so `require "utf8"` returns utf8 itself; the ones it removes say so.
local loaded = { _G = G, string = string, table = table, math = math, coroutine = coroutine, utf8 = utf8 }
local removed = { io = true, os = true, debug = true, package = true }
G.require = function(name)
  if type(name) ~= "string" then
    error("require: argument 1 must be a module name (a string), got " .. type(name), 2)
  end
  local cached = loaded[name]
  if cached ~= nil then return cached end
  if removed[name] then
    error("require: the '" .. name .. "' library is not available in scenarios (the sandbox removes io, os, debug and package)", 2)
  end
  local source, chunkname = host.readModule(name)
  if source == nil then error(chunkname, 2) end
  local chunk, err = load(source, chunkname, "t", G)
  if not chunk then error("require: " .. err, 2) end
  local result = chunk(name)
  if result == nil then result = true end
  loaded[name] = result
  return result
end
"""#
}
