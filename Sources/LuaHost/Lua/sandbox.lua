-- piecebox:sandbox: the sandbox's hardening, run first in every fresh state (HostTable.swift runs it).
local host = ...
-- What an error calls a value: the host's one rule (TypeName.swift), so a stage is "piecebox.stage".
local typeName = host.typeName
local type, error, rawget, select, tostring = type, error, rawget, select, tostring
local setmetatable, load, collectgarbage, pcall = setmetatable, load, collectgarbage, pcall
local concat = table.concat
local G = _G
-- Not there at all: file access, binary chunks, the debug library, and a crash in 5.4.4's coroutine.close.
dofile, loadfile = nil, nil
string.dump = nil
coroutine.close = nil
getmetatable("").__metatable = false

-- A library the host fills the first time it is touched (LazyTables.swift) carries a metatable marked __lazy until
-- then. Reading or writing it goes through that metatable; Lua's raw functions would see it empty, so the sandbox's
-- own versions of them fill it first, and a script can never tell it was not filled from the start.
local getmetatable, rawset = getmetatable, rawset
local function filled(t)
  local mt = getmetatable(t)
  if type(mt) == "table" and rawget(mt, "__lazy") == true then rawget(mt, "__fill")(t) end
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

-- Addresses change from run to run (and with them `tostring(t)`, `%p` and `%s` of a table), so the sandbox shows
-- stable ids instead: each table, function, coroutine or userdata (and each string given to `%p`) gets the next
-- number the first time it is shown or ordered, and keeps it. "table: 0x00000003" is the third value so named.
-- An id follows the object, never its contents: two tables alike are two ids, and so are two long strings alike
-- (Lua makes each long string an object of its own; equal short strings are one object, so they share an id).
local rawtostring, rawformat, find, sub, match, gsub = tostring, string.format, string.find, string.sub, string.match, string.gsub
local next, sort, pack, ipairs = next, table.sort, table.pack, ipairs
local unpack, abs, min, tonumber = table.unpack, math.abs, math.min, tonumber
local addressed = { table = true, ["function"] = true, thread = true, userdata = true }
-- Keyed by the object itself, weakly: a collected object's entry goes with it, so a later object that Lua puts at
-- the same address is a new key and gets a new id.
local ids, lastId = setmetatable({}, { __mode = "k" }), 0
-- A string as a table key is its contents, so strings are keyed by their address instead, and each string named
-- is kept alive here: while it lives, no other string can take its address.
local stringIds, namedStrings = {}, {} -- luacheck: ignore 241 (namedStrings only keeps them alive)
local function idOf(v)
  if type(v) == "string" then
    local address = rawformat("%p", v)
    local id = stringIds[address]
    if id == nil then lastId = lastId + 1; id = lastId; stringIds[address] = id; namedStrings[id] = v end
    return id
  end
  local id = ids[v]
  if id == nil then lastId = lastId + 1; id = lastId; ids[v] = id end
  return id
end
-- An error from Lua's own function called here, with this chunk's position taken off: error(..., 2) then
-- puts the script's line in its place.
local function blamed(message)
  if type(message) == "string" then
    message = gsub(message, "^piecebox:sandbox:%d+: ", "")
    message = gsub(message, "to 'rawformat'", "to 'format'")
    return (gsub(message, "to 'rawtostring'", "to 'tostring'"))
  end
  return message
end
local function stableAddress(v) return rawformat("0x%08x", idOf(v)) end
-- rawget, rawset, getmetatable and setmetatable fill a lazy library first. Arguments Lua would refuse go to Lua's own function,
-- called (not tail-called) from a function of this chunk, so its message names it as the script did; the chunk's
-- position is then taken off and the script's line put in its place.
local function rawgetHere(...) local v = rawget(...) return v end
local function rawsetHere(...) local v = rawset(...) return v end
local function getmetatableHere(...) local v = getmetatable(...) return v end
local function refusedOr(ok, v)
  if not ok then error(blamed(v), 2) end
  return v
end
G.rawget = function(...)
  local t = ...
  if type(t) ~= "table" or select("#", ...) < 2 then return refusedOr(pcall(rawgetHere, ...)) end
  filled(t)
  return rawget(t, (select(2, ...)))
end
G.rawset = function(...)
  local t = ...
  if type(t) ~= "table" or select("#", ...) < 3 then return refusedOr(pcall(rawsetHere, ...)) end
  filled(t)
  return rawset(...)
end
-- Finalizers run with hooks off, so a looping __gc could never be stopped: refuse them.
local function setmetatableHere(...) local v = setmetatable(...) return v end
G.setmetatable = function(...)
  local t, mt = ...
  if type(t) ~= "table" or select("#", ...) < 2 or (mt ~= nil and type(mt) ~= "table") then
    return refusedOr(pcall(setmetatableHere, ...))
  end
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("setmetatable: finalizers (__gc) are not allowed in scenarios", 2)
  end
  filled(t)
  return setmetatable(t, mt)
end
G.getmetatable = function(...)
  if select("#", ...) == 0 then return refusedOr(pcall(getmetatableHere, ...)) end
  local v = ...
  if type(v) == "table" then filled(v) end
  return getmetatable(v)
end

local function stableToString(v)
  local s = rawtostring(v)
  if addressed[type(v)] then
    -- Lua's own form is "<type or __name>: <address>"; only that address is replaced.
    local address = rawformat("%p", v)
    if sub(s, -#address - 2) == ": " .. address then return sub(s, 1, -#address - 1) .. stableAddress(v) end
  end
  return s
end
G.tostring = function(...)
  if select("#", ...) == 0 then error("bad argument #1 to 'tostring' (value expected)", 2) end
  local ok, result = pcall(stableToString, (...))
  if not ok then error(blamed(result), 2) end
  return result
end

-- string.format: `%p` gives the stable id ("(null)" for values without one, as Lua), `%s` of a table shows
-- it as tostring does. Anything else is Lua's own format, unchanged.
local function stableFormat(fmt, ...)
  local args = pack(...)
  local out, i, arg = {}, 1, 0
  while true do
    local s, e, spec, conv = find(fmt, "%%([-+ #0]*%d*%.?%d*)(.?)", i)
    if s == nil then break end
    local piece = sub(fmt, s, e)
    if conv ~= "%" then
      arg = arg + 1
      local v = args[arg]
      if arg > args.n then -- luacheck: ignore 542 (an empty branch, on purpose)
        -- No value for it: left as it is, so Lua's own format says so.
      elseif conv == "p" and not find(spec, "[^%-%d]") then
        local kind = type(v)
        args[arg] = (addressed[kind] or kind == "string") and stableAddress(v) or "(null)"
        piece = "%" .. spec .. "s"
      elseif conv == "s" and addressed[type(v)] then
        args[arg] = stableToString(v)
      end
    end
    out[#out + 1] = sub(fmt, i, s - 1)
    out[#out + 1] = piece
    i = e + 1
  end
  out[#out + 1] = sub(fmt, i)
  return rawformat(concat(out), unpack(args, 1, args.n))
end
string.format = function(fmt, ...)
  local needed = type(fmt) == "string" and find(fmt, "p", 1, true) ~= nil
  if not needed then
    for i = 1, select("#", ...) do
      if addressed[type((select(i, ...)))] then needed = true; break end
    end
  end
  -- Called protected, so a bad format is blamed on the script's line, not on this wrapper's.
  local ok, result
  if needed then ok, result = pcall(stableFormat, fmt, ...) else ok, result = pcall(rawformat, fmt, ...) end
  if not ok then error(blamed(result), 2) end
  return result
end

-- Lua seeds its string hashing from the time, and hashes other keys by address, so its own `next` visits keys
-- in a different order on every run. `next` (and `pairs`, which uses it) visits them in a fixed order instead:
-- numbers ascending, then strings, then false before true, then tables, functions, coroutines and userdata in
-- the order they were made (`host.birth`: the state numbers them as it makes them), then what has no such number
-- (Lua's own library functions) by their place in the library. A traversal sorts the keys once, when it asks for the key after
-- the first.
local birth = host.birth
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
  local ba, bb = birth(a), birth(b)
  if ba and bb then return ba < bb end
  if ba or bb then return ba ~= nil end
  -- Two of Lua's own library functions: by address, which the library's layout fixes (the library moves as a
  -- whole from process to process), never by an id handed out while sorting.
  if type(a) == "function" and type(b) == "function" then
    return tonumber(rawformat("%p", a)) < tonumber(rawformat("%p", b))
  end
  return idOf(a) < idOf(b)
end
local orders = setmetatable({}, { __mode = "k" })
local function snapshot(t)
  local keys, n = {}, 0
  for k in next, t do n = n + 1; keys[n] = k end
  sort(keys, before)
  local positions = {}
  for i = 1, n do positions[keys[i]] = i end
  local order = { keys = keys, positions = positions }
  orders[t] = order
  return order
end
local function stableNext(t, k)
  if type(t) ~= "table" then
    error("bad argument #1 to 'next' (table expected, got " .. typeName(t) .. ")", 2)
  end
  if k == nil then
    filled(t)
    -- The first key needs no sort: one pass finds the smallest.
    orders[t] = nil
    local first = next(t)
    if first == nil then return nil end
    for key in next, t do if before(key, first) then first = key end end
    return first, rawget(t, first)
  end
  local order = orders[t]
  if order == nil or order.positions[k] == nil then order = snapshot(t) end
  local i = order.positions[k]
  if i == nil then error("invalid key to 'next'", 2) end
  local keys = order.keys
  for j = i + 1, #keys do
    local key = keys[j]
    local v = rawget(t, key)
    if v ~= nil then return key, v end
  end
  orders[t] = nil
  return nil
end
G.next = stableNext
-- A frame's lazy view (FrameTables) builds its fields when first read; `__fill` builds them all, so pairs sees
-- everything the frame holds.
local function fill(t)
  local mt = getmetatable(t)
  if type(mt) == "table" and type(rawget(mt, "__fill")) == "function" then rawget(mt, "__fill")(t) end
  return mt
end
G.pairs = function(t)
  local mt = fill(t)
  if type(mt) == "table" and rawget(mt, "__pairs") ~= nil then return rawget(mt, "__pairs")(t) end
  if type(t) ~= "table" then error("bad argument #1 to 'pairs' (table expected, got " .. typeName(t) .. ")", 2) end
  return stableNext, t, nil
end

-- Error messages that can say more. A frame table (and each piece's table in it) has a metatable whose __index
-- records the last name it was asked for and did not hold; when the script then fails on that nil ("attempt to
-- index a nil value (field 'card')"), the message lists what the frame does hold. A nil global that is one
-- slip from a real one ("Stgae") gets the real one suggested. Lua's semantics are untouched: the missing key is
-- still nil.
local lastMiss = nil
host.frameMiss = function(t, k)
  lastMiss = { t = t, k = k }
  return nil
end
-- The hints themselves (the names a table holds, the near names) are explain.lua, loaded the first time a message
-- may take one: most files never fail that way.
local hint
local function explainer()
  hint = hint or host.loadExplainer()(G, stableNext, fill, concat, sub, abs, min, type, ipairs, rawget, getmetatable)
  return hint
end
host.explain = function(message)
  local kind, name = match(message, "attempt to %a+ a nil value %((%a+) '([^']*)'%)$")
  if (kind == "field" and lastMiss ~= nil and lastMiss.k == name) or kind == "global" then
    return explainer()(message, kind, name, lastMiss)
  end
  return message
end
-- The message with "; did you mean 'x'?" for the nearest of `names` (expect's matchers, say).
host.nearName = function(message, name, names) return explainer()(message, "among", name, names) end
-- The last read of a property an element did not hold, said as "card.title has no property 'wdth' (its properties:
-- ...)", once; nil when the last miss was not an element's property.
host.takePropertyMiss = function()
  local miss = lastMiss
  lastMiss = nil
  if miss == nil or type(miss.k) ~= "string" then return nil end
  return explainer()(nil, "property", miss.k, miss)
end

-- host.printTap, when set, sees each line first: a share of `explore --jobs` keeps what its runs print (search.lua).
G.print = function(...)
  local n = select("#", ...)
  local parts = {}
  for i = 1, n do parts[i] = stableToString((select(i, ...))) end
  local line = concat(parts, "\t")
  local tap = host.printTap
  if tap then tap(line) end
  host.print(line)
end

-- Modules resolve only inside the allowed folders, as text. The libraries the sandbox keeps are already
-- loaded, as in Lua, so `require "utf8"` returns utf8 itself; the ones it removes say so.
local loaded = { _G = G, string = string, table = table, math = math, coroutine = coroutine, utf8 = utf8 }
local removed = { io = true, os = true, debug = true, package = true }
-- The modules read from files, in the order they were loaded ({ name, value }): a minimal scenario writes a value
-- it cannot copy out of one as `require(name)` (writer.lua).
local required = {}
host.required = required
G.require = function(name)
  if type(name) ~= "string" then
    error("require: argument 1 must be a module name (a string), got " .. typeName(name), 2)
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
  required[#required + 1] = { name = name, value = result }
  return result
end
-- Lua's own functions, for the host's chunks: `next` to copy a table whole (the order of a copy does not matter), the
-- raw ones where a table is never a library filled on first touch (the frames' views, the framework's series): the
-- sandbox's versions check for one first, which a frame's every read paid for.
host.own = { next = next, rawget = rawget, rawset = rawset, setmetatable = setmetatable }
