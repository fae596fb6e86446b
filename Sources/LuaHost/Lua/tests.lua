-- piecebox:tests: test, describe and the hooks, recording what a file declares (HostTable.swift runs it).
local host = ...
local type, error, tostring, pairs, ipairs, setmetatable, pcall = type, error, tostring, pairs, ipairs, setmetatable, pcall
local concat, floor, mathtype = table.concat, math.floor, math.type
local tests, groups = host.tests, host.groups
-- Group 1 is the file itself: its hooks are the file-level ones.
groups[1] = { parent = 0, beforeAll = {}, afterAll = {}, beforeEach = {}, afterEach = {} }
local stack = { 1 }      -- the groups being declared, outermost first
local names = {}         -- their names, for full test names
local tagStack = { {} }  -- the tags each open group adds
local onlyDepth = 0      -- > 0 inside a describe.only
local skipDepth = 0      -- > 0 inside a describe.skip

local function sealed(kind)
  if host.sealed then
    error(kind .. ": tests and hooks are declared at the top level or inside describe, not while tests run", 3)
  end
end

--- Reads `limits = { frames = N, instructions = N }`: an exploration's run limits, for the test it writes.
local function readLimits(kind, limits)
  if type(limits) ~= "table" then error(kind .. ": limits must be a table { frames = N, instructions = N }, got " .. type(limits), 5) end
  for k, v in pairs(limits) do
    if k ~= "frames" and k ~= "instructions" then
      error(kind .. ": limits: unknown key '" .. tostring(k) .. "' (the keys are frames, instructions)", 5)
    end
    if mathtype(v) ~= "integer" or v < 1 then
      error(kind .. ": limits." .. k .. " must be a whole number of 1 or more, got " .. tostring(v), 5)
    end
  end
  return limits
end

--- Reads the optional options table: `tags`, a list of names, and `limits` (see readLimits).
local function readOptions(kind, options, test)
  local tags = {}
  for k in pairs(options) do
    if k ~= "tags" and not (test and k == "limits") then
      error(kind .. ": unknown option '" .. tostring(k) .. (test and "' (the options are limits, tags)" or "' (the one option is tags)"), 4)
    end
  end
  if options.limits ~= nil then tags.limits = readLimits(kind, options.limits) end
  local list = options.tags
  if list == nil then return tags end
  if type(list) ~= "table" then error(kind .. ": tags must be a list of names, got " .. type(list), 4) end
  local n = #list
  for k in pairs(list) do
    if type(k) ~= "number" or k < 1 or k > n or floor(k) ~= k then
      error(kind .. ": tags must be a list of names, but it has the key " .. tostring(k), 4)
    end
  end
  for i = 1, n do
    local tag = list[i]
    if type(tag) ~= "string" or not tag:match("^[%w_%-%.:]+$") then
      error(kind .. ": tag " .. i .. " must be a name of letters, digits, '_', '-', '.' or ':', got "
        .. (type(tag) == "string" and ("\"" .. tag .. "\"") or type(tag)), 4)
    end
    tags[#tags + 1] = tag
  end
  return tags
end

--- (name, fn) or (name, options, fn).
local function readArguments(kind, what, name, a, b)
  if type(name) ~= "string" then error(kind .. ": argument 1 must be the " .. what .. "'s name (a string), got " .. type(name), 3) end
  local options, fn = nil, a
  if type(a) == "table" then options, fn = a, b end
  if type(fn) ~= "function" then
    local n = options and 3 or 2
    local want = what == "test" and "the test's function" or "a function that declares tests"
    error(kind .. ": argument " .. n .. " must be " .. want .. ", got " .. type(fn), 3)
  end
  return options and readOptions(kind, options, what == "test") or {}, fn
end

local function allTags(own)
  local seen, out = {}, {}
  for _, level in ipairs(tagStack) do
    for _, t in ipairs(level) do if not seen[t] then seen[t] = true; out[#out + 1] = t end end
  end
  for _, t in ipairs(own) do if not seen[t] then seen[t] = true; out[#out + 1] = t end end
  return out
end

local function copy(list)
  local out = {}
  for i = 1, #list do out[i] = list[i] end
  return out
end

-- A test with limits runs as an exploration's run does: its stages capped and its instructions counted.
local X = host.exploring
local function limited(fn, limits)
  return function()
    X.quiet(limits.frames)
    X.runBudget(limits.instructions or 0)
    local ok, err = pcall(fn)
    X.quiet()
    X.runBudget(0)
    if not ok then error(err, 0) end
  end
end

local function declare(kind, name, a, b, mode)
  sealed(kind)
  local tags, fn = readArguments(kind, "test", name, a, b)
  if tags.limits then fn, tags.limits = limited(fn, tags.limits), nil end
  local group = concat(names, " > ")
  tests[#tests + 1] = {
    name = #names == 0 and name or (group .. " > " .. name), group = group, fn = fn,
    skip = mode == "skip" or skipDepth > 0, only = mode == "only" or onlyDepth > 0,
    tags = allTags(tags), groups = copy(stack),
  }
end

local function describeWith(kind, name, a, b, mode)
  sealed(kind)
  local tags, fn = readArguments(kind, "group", name, a, b)
  groups[#groups + 1] = { parent = stack[#stack], name = name, beforeAll = {}, afterAll = {}, beforeEach = {}, afterEach = {} }
  stack[#stack + 1] = #groups
  names[#names + 1] = name
  tagStack[#tagStack + 1] = tags
  if mode == "only" then onlyDepth = onlyDepth + 1 end
  if mode == "skip" then skipDepth = skipDepth + 1 end
  local ok, err = pcall(fn)
  if mode == "only" then onlyDepth = onlyDepth - 1 end
  if mode == "skip" then skipDepth = skipDepth - 1 end
  stack[#stack], names[#names], tagStack[#tagStack] = nil, nil, nil
  if not ok then error(err, 0) end
end

--- A callable table, so `test(...)`, `test.only(...)` and `test.skip(...)` all work.
local function declarer(kind, run)
  return setmetatable({
    only = function(name, a, b) return run(kind .. ".only", name, a, b, "only") end,
    skip = function(name, a, b) return run(kind .. ".skip", name, a, b, "skip") end,
  }, { __call = function(_, name, a, b) return run(kind, name, a, b) end })
end

-- A row's value as a name shows it: numbers and strings as written, anything else by its type (an address would
-- change the name from run to run).
local function shown(v)
  local t = type(v)
  if t == "string" or t == "boolean" then return tostring(v) end
  if t == "number" then return math.type(v) == "integer" and tostring(v) or string.format("%.14g", v) end
  return t
end

-- `test.each(rows, "name %s", fn)`: one declaration a row. A row that is a list is spread into the name's `%s` (or
-- `%d`, `%g`, ...) and into the function's arguments; any other row is one value. Two rows with one name get their
-- row number after it, so every test keeps a name of its own.
local function each(kind, run)
  return function(rows, name, a, b)
    sealed(kind .. ".each")
    if type(rows) ~= "table" then error(kind .. ".each: argument 1 must be a list of rows, got " .. type(rows), 2) end
    if type(name) ~= "string" then
      error(kind .. ".each: argument 2 must be the name, with %s where each row's values go, got " .. type(name), 2)
    end
    local options, fn = nil, a
    if type(a) == "table" then options, fn = a, b end
    if type(fn) ~= "function" then
      error(kind .. ".each: argument " .. (options and 4 or 3) .. " must be a function, got " .. type(fn), 2)
    end
    local unpack, count, seen, made = table.unpack, #rows, {}, {}
    for i = 1, count do
      local row = rows[i]
      local values = (type(row) == "table" and #row > 0) and row or { row, n = 1 }
      local shownValues = {}
      for j = 1, (values.n or #values) do shownValues[j] = shown(values[j]) end
      local ok, title = pcall(string.format, name, unpack(shownValues, 1, values.n or #values))
      if not ok then
        error(kind .. ".each: the name \"" .. name .. "\" does not fit row " .. i .. ": "
          .. tostring(title):gsub("^bad argument #(%d+) to '[^']*'", function(n) return "its value " .. (n - 1) end), 2)
      end
      made[i] = { title = title, values = values }
      seen[title] = (seen[title] or 0) + 1
    end
    for i = 1, count do
      local row = made[i]
      local title = seen[row.title] > 1 and (row.title .. " (row " .. i .. ")") or row.title
      local values = row.values
      local body = function() return fn(unpack(values, 1, values.n or #values)) end
      if options then run(kind .. ".each", title, options, body) else run(kind .. ".each", title, body) end
    end
  end
end

test = declarer("test", declare)
it = declarer("it", declare)
describe = declarer("describe", describeWith)
rawset(test, "each", each("test", declare))
rawset(it, "each", each("it", declare))
rawset(describe, "each", each("describe", describeWith))
-- Tail calls, so an error's level still points at the scenario's line.
function xtest(name, a, b) return declare("xtest", name, a, b, "skip") end
function xit(name, a, b) return declare("xit", name, a, b, "skip") end

local function hook(kind)
  return function(fn)
    sealed(kind)
    if type(fn) ~= "function" then error(kind .. ": argument 1 must be a function, got " .. type(fn), 2) end
    local list = groups[stack[#stack]][kind]
    list[#list + 1] = fn
  end
end
beforeAll, afterAll, beforeEach, afterEach = hook("beforeAll"), hook("afterAll"), hook("beforeEach"), hook("afterEach")

-- explore(name, { setup, actions, invariants, check, steps, runs, ... }): runs of random actions checked by the
-- motion rules, declared as a test tagged "explore" (explore.lua checks the table now and runs it as a test; it is
-- loaded at the file's first exploration). The libraries it uses are captured here, before the script's first line.
local lib = {
  type = type, error = error, tostring = tostring, tonumber = tonumber, pairs = pairs, ipairs = ipairs,
  pcall = pcall, setmetatable = setmetatable, rawequal = rawequal, select = select, next = next,
  sort = table.sort, concat = table.concat, pack = table.pack, unpack = table.unpack, format = string.format,
  floor = math.floor, mathtype = math.type, tointeger = math.tointeger, collectgarbage = collectgarbage,
  getmetatable = getmetatable, insert = table.insert, globals = {},
}
-- The globals as they are now, so a minimal scenario names a library function (string.format) by its name.
for k, v in host.rawNext, _G do lib.globals[k] = v end
local loadExplore, engine = host.loadExplore, nil
local function explorer()
  if engine == nil then engine = loadExplore()(host, lib, host.loadWriter()(host, lib)) end
  return engine
end

local function declareExploration(kind, name, spec, extra, mode)
  sealed(kind)
  if type(name) ~= "string" then
    error(kind .. ": argument 1 must be the exploration's name (a string), got " .. type(name), 3)
  end
  if extra ~= nil then error(kind .. ": takes a name and a table; argument 3 is one too many", 3) end
  explorer().check(kind, spec)
  local group = concat(names, " > ")
  tests[#tests + 1] = {
    name = #names == 0 and name or (group .. " > " .. name), group = group,
    fn = function() return explorer().run(name, spec) end,
    skip = mode == "skip" or skipDepth > 0, only = mode == "only" or onlyDepth > 0,
    tags = allTags({ "explore" }), groups = copy(stack),
  }
end
explore = declarer("explore", declareExploration)
