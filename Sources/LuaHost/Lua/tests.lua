-- piecebox:tests: test, describe and the hooks, recording what a file declares (HostTable.swift runs it).
local host = ...
-- What an error calls a value: the host's one rule (TypeName.swift), so a stage is "piecebox.stage".
local typeName = host.typeName
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

-- The options of a declaration (tags, limits), the limits' wrapper and `test.each` are testOptions.lua, loaded the
-- first time a file declares with options or rows: most files never do. It gets the libraries as they are now.
local loadTestOptions, testOptions = host.loadTestOptions, nil
local function declaring()
  if testOptions == nil then
    testOptions = loadTestOptions()(host, sealed, type, error, tostring, pairs, pcall, floor, mathtype)
  end
  return testOptions
end

--- (name, fn) or (name, options, fn).
local function readArguments(kind, what, name, a, b)
  if type(name) ~= "string" then error(kind .. ": argument 1 must be the " .. what .. "'s name (a string), got " .. typeName(name), 3) end
  local options, fn = nil, a
  if type(a) == "table" then options, fn = a, b end
  if type(fn) ~= "function" then
    local n = options and 3 or 2
    local want = what == "test" and "the test's function" or "a function that declares tests"
    error(kind .. ": argument " .. n .. " must be " .. want .. ", got " .. typeName(fn), 3)
  end
  return options and declaring().readOptions(kind, options, what == "test") or {}, fn
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

local function declare(kind, name, a, b, mode)
  sealed(kind)
  local tags, fn = readArguments(kind, "test", name, a, b)
  if tags.limits then fn, tags.limits = declaring().limited(fn, tags.limits), nil end
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

test = declarer("test", declare)
it = declarer("it", declare)
describe = declarer("describe", describeWith)
-- A tail call to the rows' declarer, so an error's level still points at the scenario's line.
local function each(kind, run)
  return function(rows, name, a, b) return declaring().each(kind, run)(rows, name, a, b) end
end
rawset(test, "each", each("test", declare))
rawset(it, "each", each("it", declare))
rawset(describe, "each", each("describe", describeWith))
-- Tail calls, so an error's level still points at the scenario's line.
function xtest(name, a, b) return declare("xtest", name, a, b, "skip") end
function xit(name, a, b) return declare("xit", name, a, b, "skip") end

local function hook(kind)
  return function(fn)
    sealed(kind)
    if type(fn) ~= "function" then error(kind .. ": argument 1 must be a function, got " .. typeName(fn), 2) end
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
for k, v in host.own.next, _G do lib.globals[k] = v end
local loadExplore, engine = host.loadExplore, nil
local function explorer()
  if engine == nil then engine = loadExplore()(host, lib, host.loadWriter()(host, lib)) end
  return engine
end

local function declareExploration(kind, name, spec, extra, mode)
  sealed(kind)
  if type(name) ~= "string" then
    error(kind .. ": argument 1 must be the exploration's name (a string), got " .. typeName(name), 3)
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
