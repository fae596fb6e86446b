-- piecebox:explore: explore(name, spec) checks a stage against the motion rules through runs of random actions,
-- and shrinks the first run that breaks one to the fewest, simplest actions, printed as a test (tests.lua declares
-- explorations; HostTable.swift loads this chunk at the first one). Each draw is recorded; a run is replayed from
-- its record, and shrinking edits the record, never the actions (as Hypothesis does).
local host, lib = ...
local type, error, tostring, pairs, ipairs, pcall = lib.type, lib.error, lib.tostring, lib.pairs, lib.ipairs, lib.pcall
local setmetatable, rawequal, next = lib.setmetatable, lib.rawequal, lib.next
local sort, concat, format, floor, mtype = lib.sort, lib.concat, lib.format, lib.floor, lib.mathtype
local tonumber, collect, unpack, tointeger = lib.tonumber, lib.collectgarbage, lib.unpack, lib.tointeger
local X = host.exploring
local invariant = host.invariant

local M = {}

-- The rules an exploration may name, the matcher each is, and when it is checked: "step" on the frames of every
-- step, "rest" whenever the stage has come to rest after a step, "end" once after the last step.
local RULES = {
  finite = { when = "step", matcher = "toBeFinite", host = "finite" },
  continuous = { when = "step", matcher = "toBeContinuous", host = "continuous" },
  still = { when = "step", matcher = "toBeStillUnderReduceMotion", host = "still" },
  settles = { when = "end", matcher = "toSettleWithin", host = "settles" },
  onScreen = { when = "rest", matcher = "toStayInside", host = "inside", where = "screen" },
  inSafeArea = { when = "rest", matcher = "toStayInside", host = "inside", where = "safeArea" },
  hitTargets = { when = "rest", matcher = "toHaveHitTargets", host = "hitTargets" },
  labels = { when = "rest", matcher = "toHaveAccessibilityLabels", host = "labels" },
}
local RULE_ORDER = { "finite", "continuous", "still", "onScreen", "inSafeArea", "hitTargets", "labels", "settles" }
M.defaultRules = { "finite", "continuous", "settles" }
-- Guesses, each overridable in the exploration: the time rendered after each action (about 30 frames at 60 fps,
-- long enough for most of a spring to play and short enough that the next action often interrupts it), the time
-- a run has to settle after its last action, and the most frames one run may render.
M.defaultGap = 0.5
M.defaultSettle = 3
M.defaultMaxFrames = 100000
M.defaultMaxInstructions = 20000000
-- A run's stage holds its frames outside Lua's heap, where the collector does not see them: every this many runs
-- the finished runs' stages are collected, so they never hold more than a few runs' frames against the cap.
M.collectEvery = 8
-- Shrinking stops after this many replays (the best scenario so far is printed, and says it was cut short).
M.shrinkBudget = 2000

-- The keys of an exploration's table, one a line, each with its type and what it is after `--:` and ` -- `: the
-- API reference (docs/api.md) is written from these lines, and `M.name` in a line's words is that value here.
local SPEC_KEYS = {
  setup = true, --: fun(): piecebox.stage, table -- required; makes a fresh stage and returns it with the pieces the actions use (`return s, { mp = mp }`)
  actions = true, --: table<string, fun(s: piecebox.stage, w: table, gen: piecebox.gen)> -- required; the actions a step picks from, by name (the earlier a name in alphabetical order, the simpler)
  invariants = true, --: table -- the rules, by name or name = options (default M.defaultRules)
  check = true, --: fun(s: piecebox.stage, w: table) -- a rule of your own, checked after every step
  steps = true, --: integer -- the most steps a run takes, 1 to 1000 (default 20; run i takes at most 2 + 2i)
  runs = true, --: integer -- how many runs `piecebox explore` makes (default 100; `piecebox run` makes at most 10)
  gap = true, --: number -- seconds rendered after each action, 0 to 60 (default M.defaultGap)
  settle = true, --: number -- seconds the stage has to settle after the last step, 0 to 600 (default M.defaultSettle)
  maxFrames = true, --: integer -- the most frames a run's stage may render (default M.defaultMaxFrames)
  maxInstructions = true, --: integer -- the most Lua instructions a run may take (default M.defaultMaxInstructions)
}

local function fail(kind, text, level) error(kind .. ": " .. text, level + 1) end

local function count(kind, spec, key, lo, hi, whole)
  local v = spec[key]
  if v == nil then return end
  if type(v) ~= "number" or v ~= v or v < lo or v > hi or (whole and floor(v) ~= v) then
    fail(kind, key .. " must be " .. (whole and "a whole number" or "a number") .. " from " .. lo .. " to " .. hi
      .. ", got " .. tostring(v), 4)
  end
end

--- Checks an exploration's table where it is declared, so a mistake points at the scenario's line.
function M.check(kind, spec)
  if type(spec) ~= "table" then fail(kind, "argument 2 must be a table { setup, actions, ... }, got " .. type(spec), 3) end
  for k in pairs(spec) do
    if not SPEC_KEYS[k] then
      local known = {}
      for name in pairs(SPEC_KEYS) do known[#known + 1] = name end
      sort(known)
      fail(kind, "unknown key '" .. tostring(k) .. "' (the keys are " .. concat(known, ", ") .. ")", 3)
    end
  end
  if type(spec.setup) ~= "function" then
    fail(kind, "setup must be a function that makes the stage and returns it with a table of its pieces (return s, { mp = mp }), got " .. type(spec.setup), 3)
  end
  if type(spec.actions) ~= "table" or next(spec.actions) == nil then
    fail(kind, "actions must be a table of named functions (actions = { tap = function(s, w, gen) ... end }), got "
      .. (type(spec.actions) == "table" and "an empty table" or type(spec.actions)), 3)
  end
  for name, fn in pairs(spec.actions) do
    if type(name) ~= "string" or not name:match("^[%a_][%w_]*$") then
      fail(kind, "actions: every action needs a name of letters, digits and '_', got " .. tostring(name), 3)
    end
    if type(fn) ~= "function" then fail(kind, "actions." .. name .. " must be a function (s, w, gen), got " .. type(fn), 3) end
  end
  if spec.check ~= nil and type(spec.check) ~= "function" then
    fail(kind, "check must be a function (s, w), got " .. type(spec.check), 3)
  end
  count(kind, spec, "steps", 1, 1000, true)
  count(kind, spec, "runs", 1, 10000000, true)
  count(kind, spec, "gap", 0, 60, false)
  count(kind, spec, "settle", 0, 600, false)
  count(kind, spec, "maxFrames", 1, 100000000, true)
  count(kind, spec, "maxInstructions", 1000, 1000000000000, true)
  M.rules(kind, spec.invariants, 4)
end

--- The rules to check, each with its options: a list of names ("continuous"), and names with options
--- (continuous = { maxStep = 40 }, hitTargets = { side = 48 }, onScreen = { except = { "glow" } }).
function M.rules(kind, list, level)
  if list == nil then list = M.defaultRules end
  if type(list) ~= "table" then fail(kind, "invariants must be a list of rule names, got " .. type(list), level) end
  local chosen = {}
  local function add(name, options)
    if type(name) ~= "string" or not RULES[name] then
      fail(kind, "invariants: no rule named " .. tostring(name) .. " (the rules are " .. concat(RULE_ORDER, ", ") .. ")", level + 1)
    end
    if options ~= true and type(options) ~= "table" then
      fail(kind, "invariants." .. name .. " must be true or a table of the matcher's options, got " .. type(options), level + 1)
    end
    chosen[name] = options == true and {} or options
  end
  for k, v in pairs(list) do
    if type(k) == "number" then add(v, true) else add(k, v) end
  end
  local out = {}
  for _, name in ipairs(RULE_ORDER) do
    if chosen[name] then out[#out + 1] = { name = name, rule = RULES[name], options = chosen[name] } end
  end
  return out
end

--- Where an error came from, for shrinking: a run's own limit by its kind, else the script's file and line.
local function errorOrigin(err)
  local text = tostring(err)
  if text:find("the run used more instructions than an exploration's run may", 1, true) then return "limit instructions" end
  if text:find("the run rendered more than", 1, true) then return "limit frames" end
  return "error " .. (text:match("^([^:]+:%d+):") or "?")
end

-- A sentinel: gen.assume(false) raises it, and the step is discarded.
local ASSUMED = setmetatable({}, { __tostring = function() return "gen.assume: the step's premise does not hold" end })

--- The draws of one run: fresh from (seed, run) or replayed from a record. `rec` gets every draw as
--- { kind, a, b, value }; a replayed value that no longer fits becomes the simplest and marks the run misaligned.
local function newGen(src, rec)
  local function draw(kind, a, b)
    local v
    if src.position then
      v, src.position = X.draw(kind, a, b, src.position)
    else
      local r = src.record[#rec + 1]
      local fits
      if r == nil then src.overran = true end
      v, fits = X.draw(kind, a, b, nil, r and r[4])
      if r and (not fits or r[1] ~= kind) then src.misaligned = true end
    end
    rec[#rec + 1] = { kind, a, b, v }
    return v
  end
  local function bounds(fn, lo, hi, whole)
    for i, v in ipairs({ lo, hi }) do
      if type(v) ~= "number" or v ~= v or v == 1 / 0 or v == -1 / 0 or (whole and not tointeger(v)) then
        error("gen." .. fn .. ": argument " .. i .. " must be " .. (whole and "a whole number (an integer Lua holds)" or "a finite number")
          .. ", got " .. tostring(v), 3)
      end
    end
  end
  local gen = {}
  function gen.number(lo, hi) --: (lo: number, hi: number) -> number
    bounds("number", lo, hi, false)
    return draw("number", lo, hi)
  end
  function gen.integer(lo, hi) --: (lo: integer, hi: integer) -> integer
    bounds("integer", lo, hi, true)
    return draw("integer", tointeger(lo), tointeger(hi))
  end
  function gen.bool() return draw("bool", 0, 0) end --: () -> boolean
  function gen.pick(list) --: (list: any[]) -> any
    if type(list) ~= "table" or #list == 0 then
      error("gen.pick: argument 1 must be a list of at least one option, got " .. (type(list) == "table" and "an empty table" or type(list)), 2)
    end
    return list[draw("pick", #list, 0) + 1]
  end
  function gen.assume(condition) --: (condition: any)
    if not condition then error(ASSUMED, 0) end
  end
  return gen
end

-- Tracing, for the minimal scenario: the run's stage and pieces seen through proxies that write down every method
-- called on them, with its arguments, as the lines of a test.
local Trace = {}
Trace.__index = Trace

local function newTrace() return setmetatable({ lines = {}, names = {}, made = 0, real = {} }, Trace) end

local function number(v)
  if mtype(v) == "integer" then return tostring(v) end
  if v ~= v then return "0/0" end
  if v == 1 / 0 then return "1/0" end
  if v == -1 / 0 then return "-1/0" end
  for digits = 1, 17 do
    local text = format("%." .. digits .. "g", v)
    if tonumber(text) == v then return text end
  end
  return format("%.17g", v)
end

local IDENT = "^[%a_][%w_]*$"

function Trace:value(v, depth)
  local t = type(v)
  if t == "nil" or t == "boolean" then return tostring(v) end
  if t == "number" then return number(v) end
  if t == "string" then return format("%q", v) end
  if self.names[v] then return self.names[v] end
  if t == "table" and (depth or 0) < 6 then
    local keys, n = {}, #v
    for k in pairs(v) do
      if not (mtype(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
    end
    sort(keys, function(a, b) return tostring(a) < tostring(b) end)
    local parts = {}
    for i = 1, n do parts[#parts + 1] = self:value(v[i], (depth or 0) + 1) end
    for _, k in ipairs(keys) do
      local key = (type(k) == "string" and k:match(IDENT)) and k or ("[" .. self:value(k, 6) .. "]")
      parts[#parts + 1] = key .. " = " .. self:value(v[k], (depth or 0) + 1)
    end
    return #parts == 0 and "{}" or ("{ " .. concat(parts, ", ") .. " }")
  end
  local made = t == "userdata" and X.expression(v)
  if made then return made end
  return "nil --[[ a " .. t .. " cannot be written out ]]"
end

function Trace:args(args)
  local parts = {}
  for i = 1, args.n do parts[i] = self:value(args[i]) end
  return concat(parts, ", ")
end

--- A proxy of `real` named `name`: its methods are written down when called; everything else passes through.
function Trace:wrap(real, name)
  if self.names[real] then return self.proxy[real] end
  local proxy = {}
  self.names[real], self.names[proxy] = name, name
  self.real[proxy] = real
  self.proxy = self.proxy or {}
  self.proxy[real] = proxy
  local trace = self
  return setmetatable(proxy, {
    __index = function(_, key)
      local v = real[key]
      if type(v) ~= "function" then return v end
      return function(me, ...)
        local args = lib.pack(...)
        for i = 1, args.n do
          if trace.real[args[i]] then args[i] = trace.real[args[i]] end
        end
        local line = #trace.lines + 1
        local call = rawequal(me, proxy) and (name .. ":" .. key) or (name .. "." .. key)
        trace.lines[line] = call .. "(" .. trace:args(args) .. ")"
        local results = lib.pack(v(rawequal(me, proxy) and real or me, unpack(args, 1, args.n)))
        -- Whatever a call makes (a finger, a player) is named, so later calls on it can be written too.
        for i = 1, results.n do
          local r = results[i]
          if type(r) == "userdata" and not trace.names[r] then
            trace.made = trace.made + 1
            local made = "v" .. trace.made
            trace.lines[line] = "local " .. made .. " = " .. trace.lines[line]
            results[i] = trace:wrap(r, made)
          end
        end
        return unpack(results, 1, results.n)
      end
    end,
    __newindex = function(_, key, value) real[key] = value end,
  })
end

--- Runs one run: from a fresh source (`src.position`) or a record (`src.record`), for at most `steps` steps.
--- Gives the draws, the spans of the steps that ran, and the failure if one rule broke.
local function runSteps(ex, src, steps, trace)
  local rec, spans = {}, {}
  local gen = newGen(src, rec)
  local result = { drawn = rec, spans = spans, src = src }
  local ok, s, w = pcall(ex.spec.setup)
  if not ok then
    result.failure = { origin = "setup", message = "setup failed: " .. tostring(s) }
    return result
  end
  if type(s) ~= "userdata" or not pcall(X.atRest, s) then
    result.failure = { origin = "setup", message = "setup must return the stage it made (return s, { mp = mp }), got " .. type(s) }
    return result
  end
  if type(w) ~= "table" then w = {} end
  local realS, realW = s, w
  if trace then
    s = trace:wrap(s, "s")
    local world = {}
    for k, v in pairs(w) do
      world[k] = type(v) == "userdata" and trace:wrap(v, "w." .. tostring(k)) or v
    end
    w = world
  end
  local function broke(origin, message, step, extra)
    result.failure = { origin = origin, message = message, step = step, extra = extra }
    return result
  end
  local function checkRules(when, step, from)
    for _, r in ipairs(ex.rules) do
      if r.rule.when == when then
        local options = r.options
        if r.rule.host == "inside" then
          options = { where = r.rule.where, except = r.options.except }
        elseif r.rule.host == "hitTargets" then
          options = { side = r.options.side, except = r.options.except }
        elseif r.rule.host == "settles" then
          options = { seconds = r.options.seconds or ex.settle }
        elseif from then
          options = {}
          for k, v in pairs(r.options) do options[k] = v end
          options.from = from
        end
        local okCall, pass, message, origin = pcall(invariant, realS, r.rule.host, options)
        if not okCall then return broke(errorOrigin(pass), tostring(pass), step) end
        if not pass then
          return broke(origin or r.name, r.name .. ": " .. tostring(message), step, { rule = r, options = options })
        end
      end
    end
  end
  local names, actions = ex.names, ex.spec.actions
  local step = 0
  while true do
    if src.position then
      if step >= steps then break end
    elseif #rec >= #src.record then
      break
    end
    step = step + 1
    local first = #rec + 1
    local which = gen.pick(names)
    local from = realS:now()
    local lines = trace and #trace.lines
    local done, err = pcall(actions[which], s, w, gen)
    local span = { first = first, last = #rec, name = which }
    if not done then
      if rawequal(err, ASSUMED) or X.notNow(tostring(err)) then
        span.discarded = true
        spans[#spans + 1] = span
        if trace then for i = #trace.lines, lines + 1, -1 do trace.lines[i] = nil end end
      else
        spans[#spans + 1] = span
        return broke(errorOrigin(err), tostring(err), step)
      end
    else
      spans[#spans + 1] = span
      local advanced, why = pcall(realS.advance, realS, ex.gap)
      if trace then trace.lines[#trace.lines + 1] = "s:advance(" .. number(ex.gap) .. ")" end
      if not advanced then
        return broke(errorOrigin(why), tostring(why), step)
      end
      if checkRules("step", step, from) then return result end
      if X.atRest(realS) and checkRules("rest", step) then return result end
      if ex.spec.check then
        -- The author's rule sees the stage and pieces themselves: what it reads is not an action to write out.
        local fine, problem = pcall(ex.spec.check, realS, realW)
        if not fine then
          return broke("check " .. errorOrigin(problem), "check: " .. tostring(problem),
            step, { check = true })
        end
      end
    end
  end
  if checkRules("end", step) then return result end
  if X.atRest(realS) and checkRules("rest", step) then return result end
  return result
end

--- One run under its own instruction budget (see `runSteps`).
local function runOnce(ex, src, steps, trace)
  X.runBudget(ex.maxInstructions)
  local ok, result = pcall(runSteps, ex, src, steps, trace)
  X.runBudget(0)
  if not ok then error(result, 0) end
  return result
end

-- How simple a run's record is, to compare two: fewer draws first, then each draw's distance from its simplest.
-- A whole number is simpler than any fraction (as Hypothesis orders floats), so 41 beats 40.0000017.
local FRACTION = 2 ^ 60
local function weight(d)
  local kind, v = d[1], d[4]
  if kind == "bool" then return v and 1 or 0 end
  if kind == "pick" then return v end
  local a, b = d[2], d[3]
  local lo, hi = a < b and a or b, a < b and b or a
  local simplest = lo > 0 and lo or (hi < 0 and hi or 0)
  local dist = v - simplest
  dist = dist < 0 and -dist or dist
  return floor(v) == v and dist or FRACTION + dist
end

local function simpler(x, y)
  if #x ~= #y then return #x < #y end
  for i = 1, #x do
    local a, b = weight(x[i]), weight(y[i])
    if a ~= b then return a < b end
  end
  return false
end

local function key(record)
  local parts = {}
  for i, d in ipairs(record) do parts[i] = tostring(d[4]) end
  return concat(parts, "|")
end

local function copyRecord(record, from, to)
  local out = {}
  for i = from or 1, to or #record do out[#out + 1] = record[i] end
  return out
end

local function with(record, i, value)
  local out = copyRecord(record)
  local d = record[i]
  out[i] = { d[1], d[2], d[3], value }
  return out
end

--- Shrinks a failing run to the simplest record that breaks the same rule at the same place.
local function shrink(ex, failing, steps)
  local origin = failing.failure.origin
  local best = failing
  local seen, tries = {}, 0
  local function try(record)
    if tries >= M.shrinkBudget then return false end
    local k = key(record)
    if seen[k] then return false end
    seen[k] = true
    tries = tries + 1
    if tries % M.collectEvery == 0 then collect("collect") end
    local r = runOnce(ex, { record = record }, steps)
    if r.src.overran or not r.failure or r.failure.origin ~= origin then return false end
    if simpler(r.drawn, best.drawn) then
      best = r
      return true
    end
    return false
  end
  local improved = true
  while improved and tries < M.shrinkBudget do
    improved = false
    -- Fewer actions: drop each step's draws, the last first, then two neighbouring steps at once.
    for width = 1, 2 do
      local i = #best.spans
      while i >= 1 do
        local spans = best.spans
        local a, b = spans[i], spans[i + width - 1]
        if a and b then
          local candidate = copyRecord(best.drawn, 1, a.first - 1)
          for j = b.last + 1, #best.drawn do candidate[#candidate + 1] = best.drawn[j] end
          if try(candidate) then improved = true end
        end
        i = i - 1
        if i > #best.spans then i = #best.spans end
      end
    end
    -- Simpler actions: an earlier action in the list, its own draws kept as far as they fit.
    for i = 1, #best.spans do
      local span = best.spans[i]
      if span then
        local d = best.drawn[span.first]
        for choice = 0, (d and d[4] or 0) - 1 do
          if try(with(best.drawn, span.first, choice)) then improved = true; break end
        end
      end
    end
    -- Each draw toward its simplest: the simplest itself, then halfway, then a whole number.
    for i = 1, #best.drawn do
      local d = best.drawn[i]
      if d and weight(d) > 0 then
        local kind, a, b, v = d[1], d[2], d[3], d[4]
        if kind == "bool" then
          if try(with(best.drawn, i, false)) then improved = true end
        elseif kind == "pick" then
          for choice = 0, v - 1 do
            if try(with(best.drawn, i, choice)) then improved = true; break end
          end
        else
          local lo, hi = a < b and a or b, a < b and b or a
          local target = lo > 0 and lo or (hi < 0 and hi or 0)
          if try(with(best.drawn, i, target)) then
            improved = true
          else
            -- Binary search between the simplest (which passes) and the value (which fails).
            local good, bad = v, target
            for _ = 1, 24 do
              local mid = (good + bad) / 2
              if kind == "integer" then mid = floor(mid) end
              if mid == good or mid == bad then break end
              if best.drawn[i] and try(with(best.drawn, i, mid)) then good = mid; improved = true else bad = mid end
            end
            -- A whole number: toward the simplest, else the next one away from it (a threshold between them).
            local current = best.drawn[i] and best.drawn[i][4]
            if kind == "number" and current and floor(current) ~= current then
              local near = current > target and floor(current) or -floor(-current)
              local far = current > target and near + 1 or near - 1
              if near >= lo and near <= hi and try(with(best.drawn, i, near)) then
                improved = true
              elseif far >= lo and far <= hi and try(with(best.drawn, i, far)) then
                improved = true
              end
            end
          end
        end
      end
    end
  end
  return best, tries, tries >= M.shrinkBudget
end

--- The names of the steps that did something, in order (discarded ones left out).
local function actionNames(result)
  local out = {}
  for _, span in ipairs(result.spans) do
    if not span.discarded then out[#out + 1] = span.name end
  end
  return out
end

--- The minimal run as a scenario file: setup, the calls the actions made with their values written out, and the
--- rule broken as an expect.
local function scenarioText(ex, result, header)
  local trace = newTrace()
  local replay = runOnce(ex, { record = result.drawn }, ex.steps, trace)
  local failure = replay.failure or result.failure
  local out = {}
  for _, line in ipairs(header) do out[#out + 1] = "-- " .. line end
  local written = {}
  -- A function of the scenario file as `local name = function ... end`, after the locals it uses (written the
  -- same way, or as values); what cannot be written is said.
  local function define(name, fn)
    if written[name] then return end
    written[name] = true
    local text, ups = X.source(fn)
    if not text then
      out[#out + 1] = "-- " .. name .. " is not written out (" .. tostring(ups) .. "): copy it from " .. ex.file
      return
    end
    local upNames = {}
    for k in pairs(ups) do upNames[#upNames + 1] = k end
    sort(upNames)
    for _, k in ipairs(upNames) do
      local v = ups[k]
      if type(v) == "function" then
        define(k, v)
      elseif not written[k] then
        written[k] = true
        out[#out + 1] = "local " .. k .. " = " .. trace:value(v)
      end
    end
    out[#out + 1] = "local " .. name .. " = " .. text
  end
  define("setup", ex.spec.setup)
  local body = { "  local s, w = setup()" }
  for _, line in ipairs(trace.lines) do body[#body + 1] = "  " .. line end
  local extra = failure.extra
  if extra and extra.rule then
    local r = extra.rule
    local o = extra.options
    local args
    if r.rule.host == "inside" then
      args = format("%q", r.rule.where) .. (o.except and (", { except = " .. trace:value(o.except) .. " }") or "")
    elseif r.rule.host == "hitTargets" then
      args = number(o.side or 44) .. (o.except and (", { except = " .. trace:value(o.except) .. " }") or "")
    elseif r.rule.host == "settles" then
      args = number(o.seconds)
    elseif r.rule.host == "labels" then
      args = ""
    else
      args = trace:value(o)
    end
    body[#body + 1] = "  expect(s)." .. r.rule.matcher .. "(" .. args .. ")"
  elseif extra and extra.check then
    define("check", ex.spec.check)
    body[#body + 1] = "  check(s, w)"
  end
  out[#out + 1] = ""
  out[#out + 1] = "test(" .. format("%q", ex.name .. " (minimal)") .. ", function()"
  for _, line in ipairs(body) do out[#out + 1] = line end
  out[#out + 1] = "end)"
  return concat(out, "\n") .. "\n"
end

--- Runs an exploration as a test: its runs (this machine's share of them), and the first failing one shrunk.
function M.run(name, spec)
  local file = X.file
  local names = {}
  for k in pairs(spec.actions) do names[#names + 1] = k end
  sort(names)
  local ex = {
    name = name, spec = spec, names = names, file = file,
    rules = M.rules("explore", spec.invariants, 2),
    gap = spec.gap or M.defaultGap, settle = spec.settle or M.defaultSettle,
    steps = X.steps(spec.steps),
    maxInstructions = spec.maxInstructions or M.defaultMaxInstructions,
  }
  local runs, shard, shards = X.runs(spec.runs)
  X.quiet(spec.maxFrames or M.defaultMaxFrames)
  local ok, err = pcall(function()
    for i = shard, runs - 1, shards do
      if i % M.collectEvery == 0 then collect("collect") end
      -- Short runs first: run i takes at most 2 + 2i steps (Hypothesis and QuickCheck grow their cases so too).
      local steps = ex.steps < 2 + 2 * i and ex.steps or 2 + 2 * i
      local result = runOnce(ex, { position = X.start(i, name) }, steps)
      if result.failure then
        -- A failure its own record does not bring back is flaky (the actions read something not drawn): said with
        -- its run, never shrunk.
        local again = runOnce(ex, { record = result.drawn }, ex.steps)
        if not again.failure or again.failure.origin ~= result.failure.origin then
          local seed = X.seed()
          return "flaky: " .. result.failure.message .. "\nseed " .. seed .. ", run " .. i
            .. ": the run failed, but replaying its draws did "
            .. (again.failure and ("not fail the same way (" .. again.failure.message .. ")") or "not fail")
            .. "; an action may use a value gen did not draw (math.random, the wall clock, state kept between runs)"
        end
        local best, tries, cut = shrink(ex, result, ex.steps)
        local actions = actionNames(best)
        local seed = X.seed()
        local header = {
          "Found by piecebox explore: " .. file .. ", \"" .. name .. "\", seed " .. seed .. ", run " .. i .. ".",
          "Broke: " .. best.failure.message:gsub("\n", " "),
          "minimal: " .. #actions .. " action" .. (#actions == 1 and "" or "s") .. ": " .. concat(actions, ", "),
        }
        local text = scenarioText(ex, best, header)
        X.minimal(text)
        local lines = {
          best.failure.message,
          "seed " .. seed .. ", run " .. i .. " of " .. runs .. (shards > 1 and (" (shard " .. shard + 1 .. "/" .. shards .. ")") or "")
            .. "; shrunk from " .. #actionNames(result) .. " actions in " .. tries .. " replays"
            .. (cut and " (cut short: the shrink budget ran out)" or ""),
          "minimal: " .. #actions .. " action" .. (#actions == 1 and "" or "s") .. ": " .. concat(actions, ", "),
          "",
          text,
        }
        return concat(lines, "\n")
      end
    end
  end)
  X.quiet()
  X.runBudget(0)
  collect("collect")
  if not ok then error(err, 0) end
  if err then error(err, 0) end
end

return M
