-- piecebox:expect: expect, its matchers and series, loaded the first time a scenario calls one (framework.lua).
-- The libraries as they were when the file started, captured by framework.lua then, so a script that replaced a
-- global before its first `expect` changes nothing here.
local host, type, error, tostring, pairs, ipairs, select, setmetatable, rawequal, pcall, abs, huge, floor, sort,
  concat, format = ...
-- What an error calls a value: the host's one rule (TypeName.swift), so a stage is "piecebox.stage".
local typeName = host.typeName

---------------------------------------------------------------------------------------------------
-- Showing values in failure messages: numbers as %.6g, strings quoted, tables with sorted keys.

local show
local function showKey(k)
  if type(k) == "string" and k:match("^[%a_][%w_]*$") then return k end
  return "[" .. show(k, 1) .. "]"
end

-- A long string shows its start and its length, so a message never copies a payload whole (a megabyte shown ten
-- times in a failure would fail with the memory limit instead of the matcher's message). NaN reads "nan", whatever
-- sign 0/0 left on it, as in the host's messages.
local longest = 120
show = function(v, depth)
  depth = depth or 0
  local t = type(v)
  if t == "string" then
    if #v > longest then return format("%q", v:sub(1, 80)) .. format("... (%d bytes)", #v) end
    return format("%q", v)
  end
  if t == "number" then
    if v ~= v then return "nan" end
    if v == floor(v) and abs(v) < 1e15 then return format("%d", v) end
    return format("%.6g", v)
  end
  if t ~= "table" then return tostring(v) end
  if depth > 2 then return "{...}" end
  local mt = getmetatable(v)
  if type(mt) == "table" and mt.__series then
    local parts = {}
    for i = 1, math.min(#v.values, 8) do parts[i] = show(v.values[i], depth + 1) end
    if #v.values > 8 then parts[#parts + 1] = "... (" .. #v.values .. " values)" end
    return "series{" .. concat(parts, ", ") .. "}"
  end
  local parts, n = {}, #v
  for i = 1, math.min(n, 10) do parts[#parts + 1] = show(v[i], depth + 1) end
  if n > 10 then parts[#parts + 1] = "..." end
  local keys = {}
  for k in pairs(v) do
    if not (type(k) == "number" and k >= 1 and k <= n and floor(k) == k) then keys[#keys + 1] = k end
  end
  sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(keys) do parts[#parts + 1] = showKey(k) .. " = " .. show(v[k], depth + 1) end
  return "{" .. concat(parts, ", ") .. "}"
end

local function deepEqual(a, b, seen)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  seen = seen or {}
  if seen[a] == b then return true end
  seen[a] = b
  for k, v in pairs(a) do if not deepEqual(v, b[k], seen) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

---------------------------------------------------------------------------------------------------
-- Series: values over frames, with the time of each. Frames series come from the stage.

local Series = {}
Series.__series = true
Series.__len = function(s) return #s.values end
-- A series indexes like the list it stands for: sr[1] is its first value and ipairs(sr) walks its values (as #sr
-- counts them); names are its methods.
Series.__index = function(s, k)
  if type(k) == "number" then return s.values[k] end
  return Series[k]
end

-- `series` inside the matchers below is the global, as a script may have replaced it.
local function newSeries(values, times)
  if type(values) ~= "table" then error("series: argument 1 must be a list of values, got " .. typeName(values), 2) end
  local t = {}
  if times == nil then for i = 1, #values do t[i] = i - 1 end else t = times end
  if #t ~= #values then error("series: the values and times lists have different lengths", 2) end
  return setmetatable({ values = values, times = t }, Series)
end

function Series:map(fn) --: (fn: fun(value: any, t: number): any) -> piecebox.series
  if type(fn) ~= "function" then error("series:map: argument 1 must be a function, got " .. typeName(fn), 2) end
  local out = {}
  for i, v in ipairs(self.values) do out[i] = fn(v, self.times[i]) end
  return setmetatable({ values = out, times = self.times }, Series)
end

function Series:filter(fn) --: (fn: fun(value: any, t: number): boolean) -> piecebox.series
  if type(fn) ~= "function" then error("series:filter: argument 1 must be a function, got " .. typeName(fn), 2) end
  local vs, ts = {}, {}
  for i, v in ipairs(self.values) do
    if fn(v, self.times[i]) then vs[#vs + 1] = v; ts[#ts + 1] = self.times[i] end
  end
  return setmetatable({ values = vs, times = ts }, Series)
end

--- The value at time t: the last sample at or before t (frames are sampled, not interpolated).
function Series:at(t) --: (t: number) -> any
  if type(t) ~= "number" then error("series:at: argument 1 must be a time in seconds, got " .. typeName(t), 2) end
  local found = nil
  for i, ti in ipairs(self.times) do
    if ti <= t + 1e-9 then found = self.values[i] else break end
  end
  return found
end

function Series:first() return self.values[1] end --: () -> any
function Series:last() return self.values[#self.values] end --: () -> any
function Series:count() return #self.values end --: () -> integer
function Series:max() --: () -> number?
  local m = nil
  for _, v in ipairs(self.values) do if m == nil or v > m then m = v end end
  return m
end
function Series:min() --: () -> number?
  local m = nil
  for _, v in ipairs(self.values) do if m == nil or v < m then m = v end end
  return m
end
function Series:list() local out = {} for i, v in ipairs(self.values) do out[i] = v end return out end --: () -> any[]

--- Time from the first sample until the value last leaves `tolerance` of its final value.
function Series:settleTime(tolerance) --: (tolerance?: number) -> number
  local vs, ts = self.values, self.times
  local n = #vs
  if n == 0 then return 0 end
  local final = vs[n]
  tolerance = tolerance or math.max(abs(final - vs[1]) * 0.005, 1e-3)
  local last = 1
  for i = 1, n do if abs(vs[i] - final) > tolerance then last = i + 1 end end
  if last > n then return huge end
  return ts[last] - ts[1]
end

--- The largest excursion past the final value, against the direction of travel, as a fraction of the travel (0
--- with no travel): the motion summary's rule for a segment, computed by the host (`MotionSummary`), so a test and a
--- golden summary measure it alike.
function Series:overshoot() --: () -> number
  return host.overshoot(self.values)
end

---------------------------------------------------------------------------------------------------
-- expect

local Matchers = {}

local function isSeries(v) local mt = getmetatable(v) return type(mt) == "table" and mt.__series == true end

local function valuesOf(actual, name)
  if isSeries(actual) then return actual.values, actual.times end
  if type(actual) == "table" then return actual, nil end
  error(name .. ": expected a series or a list of numbers, got " .. typeName(actual), 4)
end

-- Whether a is within tol of b; for tables, key by key over b's numbers (in a fixed order: numeric keys rising,
-- then names), and where they first part: the key and both values.
local function keyOrder(x, y)
  local tx, ty = type(x), type(y)
  if tx ~= ty then return tx == "number" end
  if tx == "number" or tx == "string" then return x < y end
  return tostring(x) < tostring(y)
end
local function closeTo(a, b, tol)
  if type(a) == "number" and type(b) == "number" then return abs(a - b) <= tol end
  if type(a) == "table" and type(b) == "table" then
    local keys = {}
    for k, v in pairs(b) do if type(v) == "number" then keys[#keys + 1] = k end end
    sort(keys, keyOrder)
    for _, k in ipairs(keys) do
      local got, want = a[k], b[k]
      if type(got) ~= "number" or not (abs(got - want) <= tol) then return false, k, got, want end  -- luacheck: ignore 581 (NaN must fail)
    end
    return true
  end
  return false
end

-- The first place two values differ, as a path from the top ("b.d", "[2]"), with what each holds there; nil
-- when they are equal. Keys of the expected value come first, in pairs order, then keys only the actual has.
local function firstDifference(a, b, path, seen)
  if a == b then return nil end
  if type(a) ~= "table" or type(b) ~= "table" then return path, a, b end
  seen = seen or {}
  if seen[a] == b then return nil end
  seen[a] = b
  local function at(k)
    if type(k) == "string" and k:match("^[%a_][%w_]*$") then return path == "" and k or path .. "." .. k end
    return path .. "[" .. show(k, 1) .. "]"
  end
  for k, v in pairs(b) do
    local p, x, y = firstDifference(a[k], v, at(k), seen)
    if p then return p, x, y end
  end
  for k, v in pairs(a) do
    if b[k] == nil then return at(k), v, nil end
  end
  return nil
end

function Matchers.toBe(actual, expected) --: (expected: any)
  local pass = rawequal(actual, expected) or (type(actual) == "number" and actual == expected)
  local detail = nil
  if not pass and type(actual) == "table" and type(expected) == "table" and deepEqual(actual, expected) then
    detail = "they hold the same values but are two tables; toBe asks for the same table: use toEqual to compare contents"
  end
  return pass, "to be", expected, detail
end
function Matchers.toEqual(actual, expected) --: (expected: any)
  if deepEqual(actual, expected) then return true, "to equal", expected end
  local path, got, want = firstDifference(actual, expected, "")
  local detail = nil
  if path and path ~= "" then
    detail = "first difference at " .. path .. ": expected " .. show(want) .. ", received " .. show(got)
  end
  return false, "to equal", expected, detail
end
function Matchers.toBeCloseTo(actual, expected, tolerance) --: (expected: number|table<any, number>, tolerance?: number)
  tolerance = tolerance or 1e-6
  if type(tolerance) ~= "number" then error("toBeCloseTo: argument 2 must be a tolerance (a number), got " .. typeName(tolerance), 3) end
  if type(expected) ~= "number" and type(expected) ~= "table" then
    error("toBeCloseTo: argument 1 must be a number or a table of numbers (a rect), got " .. typeName(expected), 3)
  end
  local pass, key, got, want = closeTo(actual, expected, tolerance)
  local detail = nil
  if key ~= nil then
    local name = showKey(key)
    if type(got) == "number" then
      detail = format("%s differs: expected %s, received %s (off by %s)", name, show(want), show(got), show(abs(got - want)))
    else
      detail = format("%s differs: expected %s, received %s", name, show(want), show(got))
    end
  end
  return pass, "to be within " .. show(tolerance) .. " of", expected, detail
end
local function numeric(name, actual, expected)
  if type(expected) ~= "number" then error(name .. ": argument 1 must be a number, got " .. typeName(expected), 4) end
  if type(actual) ~= "number" then error("expect(" .. show(actual) .. ")." .. name .. ": the value must be a number, got " .. typeName(actual), 4) end
end
function Matchers.toBeGreaterThan(actual, expected) numeric("toBeGreaterThan", actual, expected) return actual > expected, "to be greater than", expected end --: (expected: number)
function Matchers.toBeGreaterThanOrEqual(actual, expected) numeric("toBeGreaterThanOrEqual", actual, expected) return actual >= expected, "to be at least", expected end --: (expected: number)
function Matchers.toBeLessThan(actual, expected) numeric("toBeLessThan", actual, expected) return actual < expected, "to be less than", expected end --: (expected: number)
function Matchers.toBeLessThanOrEqual(actual, expected) numeric("toBeLessThanOrEqual", actual, expected) return actual <= expected, "to be at most", expected end --: (expected: number)
function Matchers.toBeTruthy(actual) return not not actual, "to be truthy", nil end --: ()
function Matchers.toBeFalsy(actual) return not actual, "to be falsy", nil end --: ()
function Matchers.toBeNil(actual) return actual == nil, "to be nil", nil end --: ()
function Matchers.toContain(actual, item) --: (item: any)
  if type(actual) == "string" then
    return type(item) == "string" and actual:find(item, 1, true) ~= nil, "to contain", item
  end
  if type(actual) == "table" then
    for _, v in ipairs(isSeries(actual) and actual.values or actual) do if deepEqual(v, item) then return true, "to contain", item end end
    return false, "to contain", item
  end
  error("toContain: the value must be a string or a list, got " .. typeName(actual), 3)
end
function Matchers.toThrow(actual, pattern) --: (pattern?: string)
  if type(actual) ~= "function" then error("toThrow: expect() must be given a function, got " .. typeName(actual), 3) end
  local ok, err = pcall(actual)
  if ok then return false, "to throw", pattern end
  if pattern == nil then return true, "to throw", nil end
  local text = tostring(err)
  return text:find(pattern, 1, true) ~= nil, "to throw an error containing", pattern, "threw: " .. text
end

-- Matchers over series (frames mapped to numbers).
function Matchers.toNeverDecrease(actual, tolerance) --: (tolerance?: number)
  local vs, ts = valuesOf(actual, "toNeverDecrease")
  tolerance = tolerance or 1e-9
  for i = 2, #vs do
    if vs[i] < vs[i - 1] - tolerance then
      return false, "to never decrease", nil, format("it fell from %s to %s at sample %d%s", show(vs[i - 1]), show(vs[i]), i, ts and format(" (t = %.4f s)", ts[i]) or "")
    end
  end
  return true, "to never decrease", nil
end
function Matchers.toNeverIncrease(actual, tolerance) --: (tolerance?: number)
  local vs, ts = valuesOf(actual, "toNeverIncrease")
  tolerance = tolerance or 1e-9
  for i = 2, #vs do
    if vs[i] > vs[i - 1] + tolerance then
      return false, "to never increase", nil, format("it rose from %s to %s at sample %d%s", show(vs[i - 1]), show(vs[i]), i, ts and format(" (t = %.4f s)", ts[i]) or "")
    end
  end
  return true, "to never increase", nil
end
function Matchers.toNeverExceed(actual, limit) --: (limit: number)
  if type(limit) ~= "number" then error("toNeverExceed: argument 1 must be a number, got " .. typeName(limit), 3) end
  local vs, ts = valuesOf(actual, "toNeverExceed")
  for i = 1, #vs do
    if vs[i] > limit then
      return false, "to never exceed", limit, format("sample %d is %s%s", i, show(vs[i]), ts and format(" (t = %.4f s)", ts[i]) or "")
    end
  end
  return true, "to never exceed", limit
end
function Matchers.toSettleWithin(actual, seconds, tolerance) --: (seconds: number, tolerance?: number)
  if type(seconds) ~= "number" then error("toSettleWithin: argument 1 must be seconds (a number), got " .. typeName(seconds), 3) end
  local s = isSeries(actual) and actual or series(valuesOf(actual, "toSettleWithin"))
  local t = s:settleTime(tolerance)
  return t <= seconds + 1e-9, "to settle within", seconds, format("it settled after %s s", show(t))
end
function Matchers.toOvershootBy(actual, fraction, tolerance) --: (fraction: number, tolerance?: number)
  if type(fraction) ~= "number" then error("toOvershootBy: argument 1 must be a fraction of the travel (a number), got " .. typeName(fraction), 3) end
  tolerance = tolerance or 0.005
  local s = isSeries(actual) and actual or series(valuesOf(actual, "toOvershootBy"))
  local o = s:overshoot()
  return abs(o - fraction) <= tolerance, "to overshoot by " .. show(fraction) .. " ± " .. show(tolerance), nil,
    format("it overshot by %s", show(o))
end

-- Events: a stage's (every kept frame's) or a series of them (s:events{...}), against the fields an event must
-- have; `count` asks for exactly that many. A failure lists what was emitted, the first ten.
local eventsShown = 10
local function eventsOf(actual)
  if isSeries(actual) then return actual end
  if type(actual) == "userdata" then
    local ok, sr = pcall(host.events, actual)
    -- A host error already names the scenario's line; only a bare message gets the caller's.
    if not ok then error(sr, (type(sr) == "string" and sr:match("^[^\n]-:%d+: ")) and 0 or 4) end
    return sr
  end
  error("toHaveEmitted: expect() must be given a stage or a series of events (s:events{...}), got " .. typeName(actual), 4)
end
function Matchers.toHaveEmitted(actual, pattern) --: (pattern: {kind?: string, piece?: string, name?: string, count?: integer, [string]: any})
  if type(pattern) ~= "table" then
    error("toHaveEmitted: argument 1 must be a table of the fields an event has ({ kind = \"haptic\", style = \"selection\" }), got " .. typeName(pattern), 3)
  end
  local count = pattern.count
  if count ~= nil and (type(count) ~= "number" or count < 0 or floor(count) ~= count or count == huge) then
    error("toHaveEmitted: count must be a whole number of at least 0, got " .. show(count), 3)
  end
  local fields = {}
  for k, v in pairs(pattern) do if k ~= "count" then fields[k] = v end end
  local found, total = 0
  local listed = {}
  if type(actual) == "userdata" and not isSeries(actual) then
    -- A stage's events are matched by the host, which copies only the ones the message shows.
    local ok, n, all, shown = pcall(host.emitted, actual, fields)
    if not ok then error(n, (type(n) == "string" and n:match("^[^\n]-:%d+: ")) and 0 or 3) end
    found, total = n, all
    for i, te in ipairs(shown) do listed[i] = "    t = " .. show(te[1]) .. " s: " .. show(te[2]) end
  else
    local sr = eventsOf(actual)
    local values, times = sr.values, sr.times
    total = #values
    for i, e in ipairs(values) do
      local match = type(e) == "table"
      if match then for k, v in pairs(fields) do if e[k] ~= v then match = false break end end end
      if match then found = found + 1 end
      if i <= eventsShown then listed[i] = "    t = " .. show(times[i]) .. " s: " .. show(e) end
    end
  end
  local pass
  if count == nil then pass = found > 0 else pass = found == count end
  local phrase = count == nil and "to have emitted an event like"
    or format("to have emitted %d event%s like", count, count == 1 and "" or "s")
  local detail
  if total == 0 then
    detail = "it emitted no events"
  else
    detail = format("%d of its %d event%s match; what it emitted:\n", found, total, total == 1 and "" or "s")
      .. concat(listed, "\n")
    if total > eventsShown then detail = detail .. format("\n    ... and %d more", total - eventsShown) end
  end
  return pass, phrase, fields, detail
end

--- A stage's frames against a golden log (see docs/guides/goldens-and-pictures.md): host code compares and records.
function Matchers.toMatchGolden(actual, name, options) --: (name: string, options?: {elements?: string[], tolerance?: number|table<string, number>})
  local ok, pass, detail = pcall(host.matchGolden, actual, name, options)
  -- A host error already names the scenario's line; only a bare message gets the caller's.
  if not ok then error(pass, (type(pass) == "string" and pass:match("^[^\n]-:%d+: ")) and 0 or 3) end
  return pass, "to match the golden " .. show(name), nil, detail ~= "" and detail or nil
end

-- What a failure says it received: the value, or for a stage what its matchers compared (its frames up to now).
local function received(actual)
  if type(actual) ~= "userdata" or tostring(actual) ~= "stage" then return show(actual) end
  local ok, frame = pcall(function() return actual:frame() end)
  if not ok or frame == nil then return "the stage (no frame rendered yet)" end
  return format("the stage's frames up to frame %d (t = %.6g s)", frame.frame, frame.t)
end

-- The matchers' names, sorted, for the hint a misspelt one gets.
local function matcherNames()
  local names = { "never" }
  for k in pairs(Matchers) do if type(k) == "string" then names[#names + 1] = k end end
  sort(names)
  return names
end

-- A matcher run on a nil that came from reading a property an element does not hold: its failure or error starts by
-- saying so (`missing`: "card.title has no property 'wdth' (its properties: ...)").
local function runOnMissing(missing, matcher, actual, ...)
  local ok, pass, phrase, expected, detail = pcall(matcher, actual, ...)
  if not ok then
    local message = type(pass) == "string" and pass:gsub("^[^\n]-:%d+: ", "", 1) or tostring(pass)
    error(missing .. "; " .. message, 0)
  end
  return pass, phrase, expected, detail
end

-- expect(value): its matchers as methods, and `never` for the same matchers negated.
local function makeExpectation(actual, negated, missing)
  local e = {}
  return setmetatable(e, {
    __index = function(_, key)
      if key == "never" then return makeExpectation(actual, not negated, missing) end
      local matcher = Matchers[key]
      if matcher == nil then
        error(host.nearName("expect: there is no matcher named '" .. tostring(key) .. "'", tostring(key), matcherNames()), 2)
      end
      local function check(...)
        local pass, phrase, expected, detail
        if missing then
          local ok, a, b, c, d = pcall(runOnMissing, missing, matcher, actual, ...)
          if not ok then error(a, 2) end
          pass, phrase, expected, detail = a, b, c, d
        else
          pass, phrase, expected, detail = matcher(actual, ...)
        end
        if negated then pass = not pass end
        if not pass then
          local lines = { (missing and (missing .. "\n") or "") .. "expected " .. show(actual) .. (negated and " not " or " ") .. phrase .. (expected ~= nil and (" " .. show(expected)) or "") }
          if expected ~= nil then lines[#lines + 1] = "  expected: " .. (negated and "not " or "") .. show(expected) end
          lines[#lines + 1] = "  received: " .. received(actual)
          if detail then lines[#lines + 1] = "  " .. detail end
          local stale = host.staleFrameNote()
          if stale then lines[#lines + 1] = "  " .. stale end
          error(concat(lines, "\n"), 2)
        end
      end
      -- expect(x).toBe(1) and expect(x):toBe(1) both work: a colon call passes the expectation first.
      return function(first, ...)
        if rawequal(first, e) then return check(...) end
        return check(first, ...)
      end
    end,
  })
end

local function expect(actual, ...)
  if select("#", ...) > 0 then error("expect: takes one value; put the expected value in the matcher", 2) end
  local missing = host.takePropertyMiss()
  return makeExpectation(actual, false, actual == nil and missing or nil)
end

--- Adds matchers (plugins and scenarios): each returns pass, phrase, expected[, detail].
local function expectExtend(matchers)
  if type(matchers) ~= "table" then error("expectExtend: argument 1 must be a table of matcher functions", 2) end
  for k, fn in pairs(matchers) do Matchers[k] = fn end
end

-- Motion rules over a stage's kept frames (the host checks them: see ScriptInvariants.swift). Each failure names
-- the frame, its time, the element, the property and the numbers.
function Matchers.toBeFinite(actual, options) --: (options?: {from?: number})
  local pass, detail = host.invariant(actual, "finite", options)
  return pass, "to hold only finite numbers", nil, detail
end
function Matchers.toBeContinuous(actual, options) --: (options?: {maxStep?: number, except?: string[], from?: number, [string]: number})
  local pass, detail = host.invariant(actual, "continuous", options)
  return pass, "to move continuously", nil, detail
end
function Matchers.toBeStillUnderReduceMotion(actual, options) --: (options?: {moving?: string[], from?: number})
  local pass, detail = host.invariant(actual, "still", options)
  return pass, "to change only what Reduce Motion lets change", nil, detail
end

function Matchers.toHaveHitTargets(actual, side, options) --: (side?: number, options?: {except?: string[]})
  local pass, detail = host.invariant(actual, "hitTargets", { side = side, except = options and options.except })
  return pass, "to have hit targets of at least " .. tostring(side or 44) .. " points", nil, detail
end
function Matchers.toHaveAccessibilityLabels(actual) --: ()
  local pass, detail = host.invariant(actual, "labels")
  return pass, "to label everything VoiceOver reaches", nil, detail
end
function Matchers.toStayInside(actual, where, options) --: (where: "screen"|"safeArea"|{x: number, y: number, w: number, h: number}, options?: {except?: string[]})
  local pass, detail = host.invariant(actual, "inside", { where = where, except = options and options.except })
  return pass, "to stay inside " .. (type(where) == "string" and where or "the rect"), nil, detail
end

-- On a stage, toSettleWithin is the motion rule: rendering on from now (after the script's last input), every
-- motion but the background's ends within the time. On a series of numbers it is the series' own rule, as before.
local settleSeries = Matchers.toSettleWithin
Matchers.toSettleWithin = function(actual, seconds, tolerance)
  if type(actual) ~= "userdata" then return settleSeries(actual, seconds, tolerance) end
  local pass, detail = host.invariant(actual, "settles", { seconds = seconds })
  return pass, "to settle within " .. tostring(seconds) .. " s", nil, detail
end

return { expect = expect, series = newSeries, expectExtend = expectExtend }
