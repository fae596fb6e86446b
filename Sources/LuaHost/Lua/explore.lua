-- piecebox:explore: explore(name, spec) checks a stage against the motion rules through runs of random actions,
-- and shrinks the first run that breaks one to the fewest, simplest actions, printed as a test (tests.lua declares
-- explorations; HostTable.swift loads this chunk at the first one). Each draw is recorded; a run is replayed from
-- its record, and shrinking edits the record, never the actions (as Hypothesis does).
local host, lib, W = ...
local type, error, tostring, pairs, ipairs, pcall = lib.type, lib.error, lib.tostring, lib.pairs, lib.ipairs, lib.pcall
local setmetatable, rawequal, next = lib.setmetatable, lib.rawequal, lib.next
local sort, concat, floor = lib.sort, lib.concat, lib.floor
local collect, tointeger = lib.collectgarbage, lib.tointeger
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

--- A value as a message names it: a string quoted (the script wrote "1", not 1), a number as it is, else its type.
local function shown(v)
  if type(v) == "string" then return "a string " .. W.quote(v) end
  if type(v) == "number" or type(v) == "boolean" or v == nil then return tostring(v) end
  return "a " .. type(v)
end

local function count(kind, spec, key, lo, hi, whole)
  local v = spec[key]
  if v == nil then return end
  if type(v) ~= "number" or v ~= v or v < lo or v > hi or (whole and floor(v) ~= v) then
    fail(kind, key .. " must be " .. (whole and "a whole number" or "a number") .. " from " .. lo .. " to " .. hi
      .. ", got " .. shown(v), 4)
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
      fail(kind, "unknown key " .. (type(k) == "string" and ("'" .. k .. "'") or shown(k)) .. " (the keys are " .. concat(known, ", ") .. ")", 3)
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
      fail(kind, "actions: every action needs a name of letters, digits and '_', got " .. shown(name), 3)
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

-- The options each rule takes, and what each must be: a rule's option is checked where the exploration is
-- declared, so a misspelt one is named there (with the near name) and never silently dropped.
local OPTIONS = {
  finite = {}, labels = {}, still = { moving = "any" },
  continuous = { maxStep = "number", except = "list" },
  onScreen = { except = "list" }, inSafeArea = { except = "list" },
  hitTargets = { side = "number", except = "list" },
  settles = { seconds = "number" },
}

local function nearHint(typed, known)
  local near = type(typed) == "string" and X.near(typed, lib.unpack(known)) or nil
  return near and ("; did you mean '" .. near .. "'?") or ""
end

local function checkOptions(kind, name, options, level)
  local takes = OPTIONS[name]
  local known = {}
  for k in pairs(takes) do known[#known + 1] = k end
  sort(known)
  for k, v in pairs(options) do
    local want = takes[k]
    -- A continuity rule takes a limit of its own for any property, by name: a number.
    if want == nil and name == "continuous" and type(k) == "string" and nearHint(k, known) == "" then want = "number" end
    local where = "invariants." .. name .. "." .. (type(k) == "string" and k or shown(k))
    if want == nil then
      fail(kind, "invariants." .. name .. ": no option named " .. (type(k) == "string" and k or shown(k)) .. nearHint(k, known) .. " ("
        .. (#known == 0 and "it takes none" or "its options are " .. concat(known, ", ")) .. ")", level + 1)
    elseif want == "number" and (type(v) ~= "number" or v ~= v or v < 0) then
      fail(kind, where .. " must be a number of 0 or more, got " .. shown(v), level + 1)
    elseif want == "list" then
      if type(v) ~= "table" then fail(kind, where .. " must be a list of names, got " .. shown(v), level + 1) end
      for i, item in ipairs(v) do
        if type(item) ~= "string" then
          fail(kind, where .. "[" .. i .. "] must be a name (a string), got " .. shown(item), level + 1)
        end
      end
    end
  end
end

--- The rules to check, each with its options: a list of names ("continuous"), and names with options
--- (continuous = { maxStep = 40 }, hitTargets = { side = 48 }, onScreen = { except = { "glow" } }).
function M.rules(kind, list, level)
  if list == nil then list = M.defaultRules end
  if type(list) ~= "table" then fail(kind, "invariants must be a list of rule names, got " .. type(list), level) end
  local chosen, unknown = {}, {}
  local function add(name, options)
    if type(name) ~= "string" or not RULES[name] then
      unknown[#unknown + 1] = (type(name) == "string" and name or shown(name)) .. nearHint(name, RULE_ORDER)
      return
    end
    if options ~= true and type(options) ~= "table" then
      fail(kind, "invariants." .. name .. " must be true or a table of the matcher's options, got " .. type(options), level + 1)
    end
    if options ~= true then checkOptions(kind, name, options, level + 1) end
    chosen[name] = options == true and {} or options
  end
  local keys = {}
  for k in pairs(list) do keys[#keys + 1] = k end
  sort(keys, function(a, b)
    if type(a) ~= type(b) then return type(a) == "number" end
    return (type(a) == "number" or type(a) == "string") and a < b
  end)
  for _, k in ipairs(keys) do
    if type(k) == "number" then add(list[k], true) else add(k, list[k]) end
  end
  if #unknown > 0 then
    fail(kind, "invariants: no rule named " .. concat(unknown, ", no rule named ") .. " (the rules are "
      .. concat(RULE_ORDER, ", ") .. ")", level)
  end
  local out = {}
  for _, name in ipairs(RULE_ORDER) do
    if chosen[name] then out[#out + 1] = { name = name, rule = RULES[name], options = chosen[name] } end
  end
  return out
end

--- A value's text, for a message: an error object whose __tostring fails is still a failure to report.
local function describe(v)
  local mt = type(v) == "table" and lib.getmetatable(v)
  -- A table's address is no message (and differs from run to run).
  if type(v) == "table" and not (type(mt) == "table" and mt.__tostring) then return "(an error value, a table)" end
  local ok, text = pcall(tostring, v)
  if ok and type(text) == "string" then return text end
  return "(an error value, a " .. type(v) .. ", whose __tostring failed: " .. (type(text) == "string" and text or "?") .. ")"
end

--- Where an error came from, for shrinking: a run's own limit by its kind, else the script's file and line.
local function errorOrigin(err)
  local text = describe(err)
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
          .. ", got " .. shown(v), 3)
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

--- The values of a record's draws from `from` on.
local function copyValues(rec, from)
  local out = {}
  for i = from, #rec do out[#out + 1] = rec[i][4] end
  return out
end

--- The options a rule's matcher is given: the exploration's, with the step's start for the rules over its frames.
local function ruleOptions(ex, r, from)
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
  return options
end

--- Runs one run: from a fresh source (`src.position`) or a record (`src.record`), for at most `steps` steps.
--- Gives the draws, the spans of the steps that ran, and the failure if one rule broke.
local function runSteps(ex, src, steps, trace)
  local rec, spans = {}, {}
  local gen = newGen(src, rec)
  local result = { drawn = rec, spans = spans, src = src }
  local ok, s, w = pcall(ex.spec.setup)
  if not ok then
    result.failure = { origin = "setup", message = "setup failed: " .. describe(s) }
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
      local name = W.index("w", k)
      world[k] = (type(v) == "userdata" and name) and trace:wrap(v, name) or v
    end
    w = world
    -- A function an action hands the stage may use s and w: they are the test's own.
    trace.writer.extra[w] = "w"
  end
  local function broke(origin, message, step, extra)
    result.failure = { origin = origin, message = message, step = step, extra = extra }
    return result
  end
  local function checkRules(when, step, from)
    for _, r in ipairs(ex.rules) do
      if r.rule.when == when then
        local options = ruleOptions(ex, r, from)
        local okCall, pass, message, origin = pcall(invariant, realS, r.rule.host, options)
        if not okCall then return broke(errorOrigin(pass), describe(pass), step) end
        if not pass then
          return broke(origin or r.name, r.name .. ": " .. describe(message), step, { rule = r, options = options })
        end
      end
    end
  end
  local names, actions = ex.names, ex.spec.actions
  local step, ran = 0, 0
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
    if trace then trace.raised = false end
    local done, err = pcall(actions[which], s, w, gen)
    local span = { first = first, last = #rec, name = which }
    if not done then
      if rawequal(err, ASSUMED) or X.notNow(describe(err)) then
        span.discarded = true
        spans[#spans + 1] = span
        if trace then for i = #trace.lines, lines + 1, -1 do trace.lines[i] = nil end end
      else
        spans[#spans + 1] = span
        -- Raised by the action's own code (not by a call the trace wrote): the minimal scenario runs the action
        -- itself, with this step's draws.
        local own = trace and not trace.raised and { name = which, lines = lines, draws = copyValues(rec, first + 1) }
        return broke(errorOrigin(err), describe(err), step, own and { own = own })
      end
    else
      spans[#spans + 1] = span
      ran = ran + 1
      if trace then trace.lines[#trace.lines + 1] = "s:advance(" .. W.number(ex.gap) .. ")" end
      -- What the stage runs in this advance (an s:after callback) is the written advance's doing.
      if trace then trace.depth = trace.depth + 1 end
      local advanced, why = pcall(realS.advance, realS, ex.gap)
      if trace then trace.depth = trace.depth - 1 end
      if not advanced then
        return broke(errorOrigin(why), describe(why), step)
      end
      if checkRules("step", step, from) then return result end
      if X.atRest(realS) and checkRules("rest", step) then return result end
      if ex.spec.check then
        -- The author's rule sees the stage and pieces themselves: what it reads is not an action to write out.
        local fine, problem = pcall(ex.spec.check, realS, realW)
        if not fine then
          return broke("check " .. errorOrigin(problem), "check: " .. describe(problem),
            step, { check = true })
        end
      end
    end
  end
  result.ran = ran
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
          if tries >= M.shrinkBudget then break end
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
            -- Every pass stops at the budget: a pick from a list of 2^40 options never counts them all.
            if tries >= M.shrinkBudget then break end
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

--- The expectation the minimal test ends with: the rule's matcher, or the author's check; nil for an error or a
--- limit (the written calls raise it themselves).
local function expectation(ex, failure, writer, setupName)
  local extra = failure.extra
  if extra and extra.rule then
    local r, o = extra.rule, extra.options
    local function except() return o.except and (", { except = " .. writer:value(o.except, "except") .. " }") or "" end
    local args
    if r.rule.host == "inside" then
      args = W.quote(r.rule.where) .. except()
    elseif r.rule.host == "hitTargets" then
      args = W.number(o.side or 44) .. except()
    elseif r.rule.host == "settles" then
      args = W.number(o.seconds)
    elseif r.rule.host == "labels" then
      args = ""
    else
      args = writer:value(o, "the rule's options")
    end
    return "expect(s)." .. r.rule.matcher .. "(" .. args .. ")"
  elseif extra and extra.check then
    return writer:func(ex.spec.check, setupName == "check" and "check_" or "check") .. "(s, w)"
  end
end

--- The options a limit needs so the written test stops where the run did (a test's `limits`), or "".
local function limitOptions(ex, failure)
  if failure.origin == "limit frames" then
    return "{ limits = { frames = " .. (failure.message:match("the run rendered more than (%d+) frames") or "1") .. " } }, "
  elseif failure.origin == "limit instructions" then
    return "{ limits = { instructions = " .. lib.format("%d", ex.maxInstructions) .. " } }, "
  end
  return ""
end

-- A `gen` for an action the minimal test runs itself: the draws it made, handed back in order.
local DRAWN = [[function(values)
  local i = 0
  local function nextValue() i = i + 1; return values[i] end
  return { number = nextValue, integer = nextValue, bool = nextValue, assume = function() end,
    pick = function(list) return list[nextValue() + 1] end }
end]]

--- The minimal run as a scenario file: setup, the calls the actions made with their values written out, and the
--- failure itself as the test's end (the rule's expect, the check, the action that raised, the limit). Every
--- name, key and message goes through the writer (writer.lua); what it could not write is said in the file.
local function scenarioText(ex, result, header)
  -- Library functions by their names: as the file started, then what the host added since (Stage, motion).
  local globals = {}
  for k, v in next, lib.globals do globals[k] = v end
  for k, v in next, _G do if globals[k] == nil then globals[k] = v end end
  local writer = W.new(globals)
  local setupName = writer:func(ex.spec.setup, "setup")
  local trace = W.newTrace(writer)
  local replay = runOnce(ex, { record = result.drawn }, ex.steps, trace)
  local failure = replay.failure or result.failure
  local lines = trace.lines
  local own = failure.extra and failure.extra.own
  local tail = {}
  if own then
    for i = #lines, own.lines + 1, -1 do lines[i] = nil end
    local drawn = writer:fresh("drawn")
    writer.lines[#writer.lines + 1] = "local " .. drawn .. " = " .. DRAWN
    tail[#tail + 1] = W.comment("The action " .. own.name .. " raised in its own code: it runs here as written, with the draws it made.")
    tail[#tail + 1] = writer:func(ex.spec.actions[own.name], own.name) .. "(s, w, " .. drawn .. "(" .. writer:value(own.draws) .. "))"
  else
    tail[#tail + 1] = expectation(ex, failure, writer, setupName)
  end
  local out = {}
  -- The header lines come first (a header is read in the first ten lines); a plugin folder's line is as written.
  for _, folder in ipairs(X.plugins) do out[#out + 1] = "--! plugins: " .. folder:gsub("%c", "") end
  for _, line in ipairs(header) do out[#out + 1] = W.comment(line) end
  if #writer.problems > 0 then
    out[#out + 1] = W.comment("Not written out, so this test may not fail as the exploration did (copy these from " .. ex.file .. "):")
    for _, p in ipairs(writer.problems) do out[#out + 1] = W.comment("  " .. p) end
  end
  for _, line in ipairs(writer.lines) do out[#out + 1] = line end
  out[#out + 1] = ""
  out[#out + 1] = "test(" .. W.quote(ex.name .. " (minimal)") .. ", " .. limitOptions(ex, failure) .. "function()"
  out[#out + 1] = "  local s, w = " .. setupName .. "()"
  for _, line in ipairs(lines) do out[#out + 1] = "  " .. line end
  for _, line in ipairs(tail) do out[#out + 1] = "  " .. line end
  out[#out + 1] = "end)"
  return concat(out, "\n") .. "\n", failure, writer.problems
end

--- What a replay of the minimal test must fail with to be this failure: the rule's words, an error's message
--- without its file and line (the written test has lines of its own), or the limit.
local function identity(failure)
  local m = failure.message
  if failure.origin == "limit frames" then return m:match("the run rendered more than %d+ frames") or m end
  if failure.origin == "limit instructions" then return nil end
  if failure.extra and failure.extra.rule then return (m:gsub("^[^:]*: ", "", 1)) end
  return (m:gsub("^check: ", "", 1):gsub("^setup failed: ", "", 1))
end

--- A message without the places in it (`card.lua:12:`): the written test's lines are its own, wherever they stand
--- in the message (a piece's handler that failed inside a stage call names its line after the call's).
local function placeless(message)
  return (message:gsub("[^%s:]+:%d+: ?", ""))
end

--- Runs the written test in a fresh state and says whether it fails as the run did: nil when it does, else why not.
local function notReproduced(ex, text, failure, problems)
  local failed, message = X.replay(text, ex.name .. " (minimal)")
  if failed == nil then return message end
  if not failed then
    return "it passes" .. (#problems > 0 and (" (" .. concat(problems, "; ") .. ")") or "")
  end
  local want = identity(failure)
  local same
  if want == nil then
    same = message:find("instruction limit", 1, true) or message:find("the run used more instructions", 1, true)
  else
    same = placeless(message):find(placeless(want), 1, true)
  end
  if same then return nil end
  return "it fails another way: " .. (message:match("^[^\n]*"))
end

local function plural(n, word) return n .. " " .. word .. (n == 1 and "" or "s") end

--- "minimal: 2 actions: arm, fire", or "minimal: 0 actions" when the stage fails before any.
local function minimalLine(actions)
  return "minimal: " .. plural(#actions, "action") .. (#actions > 0 and (": " .. concat(actions, ", ")) or "")
end

--- The report of a failing run: shrunk, written as a test, that test replayed; and the scenario for `--save`.
local function report(ex, result, i, runs, shard, shards)
  local best, tries, cut = shrink(ex, result, ex.steps)
  local actions = actionNames(best)
  local seed = X.seed()
  local header = {
    "Found by piecebox explore: " .. ex.file .. ", " .. W.quote(ex.name) .. ", seed " .. seed .. ", run " .. i .. ".",
    -- A comment says what broke; the message itself is the report's (a long one would crowd out the test).
    "Broke: " .. W.clip(best.failure.message, 1000),
    minimalLine(actions),
  }
  local text, failure, problems = scenarioText(ex, best, header)
  local limit = X.limit
  local verdict
  if #text > limit then
    verdict = "the minimal scenario is not written: it is " .. #text .. " bytes, more than the " .. limit
      .. " a report keeps whole"
    text = nil
  else
    local why = notReproduced(ex, text, failure, problems)
    verdict = why and ("the written test does not reproduce this failure: " .. why)
      or "the written test, replayed in a fresh state, fails the same way"
    if why then text = W.comment("The written test does not reproduce this failure: " .. why) .. "\n" .. text end
    X.minimal(text)
  end
  local lines = {
    best.failure.message,
    "seed " .. seed .. ", run " .. i .. " of " .. runs .. (shards > 1 and (" (shard " .. shard + 1 .. "/" .. shards .. ")") or "")
      .. "; shrunk from " .. plural(#actionNames(result), "action") .. " in " .. plural(tries, "replay")
      .. (cut and " (cut short: the shrink budget ran out)" or ""),
    minimalLine(actions),
    verdict,
  }
  local message = concat(lines, "\n")
  if text and #message + 2 + #text <= limit then
    return message .. "\n\n" .. text
  elseif text then
    return message .. "\n(the minimal scenario, " .. #text .. " bytes, is too long to show with this message: --save writes it)"
  end
  return message
end

--- Runs an exploration as a test: its runs (this machine's share of them), and the first failing one shrunk.
function M.run(name, spec)
  local names = {}
  for k in pairs(spec.actions) do names[#names + 1] = k end
  sort(names)
  local ex = {
    name = name, spec = spec, names = names, file = X.file,
    rules = M.rules("explore", spec.invariants, 2),
    gap = spec.gap or M.defaultGap, settle = spec.settle or M.defaultSettle,
    steps = X.steps(spec.steps),
    maxInstructions = spec.maxInstructions or M.defaultMaxInstructions,
  }
  local runs, shard, shards = X.runs(spec.runs)
  X.quiet(spec.maxFrames or M.defaultMaxFrames)
  local ok, err = pcall(function()
    local acted = false
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
          return "flaky: " .. result.failure.message .. "\nseed " .. X.seed() .. ", run " .. i
            .. ": the run failed, but replaying its draws did "
            .. (again.failure and ("not fail the same way (" .. again.failure.message .. ")") or "not fail")
            .. "; an action may use a value gen did not draw (math.random, the wall clock, state kept between runs)"
        end
        return report(ex, result, i, runs, shard, shards)
      end
      if (result.ran or 0) > 0 then acted = true end
    end
    if not acted and shard < runs then
      return "no action ran: every step of its " .. plural((runs - 1 - shard) // shards + 1, "run")
        .. " was discarded (by gen.assume, or a part that cannot be touched now), so nothing was checked"
    end
  end)
  X.quiet()
  X.runBudget(0)
  collect("collect")
  if not ok then error(err, 0) end
  if err then error(err, 0) end
end

return M
