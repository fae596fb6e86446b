-- piecebox:runs: one run of an exploration (explore.lua loads this chunk with it): the draws its actions are
-- handed (`gen`), the steps it takes, the rules checked after each, and the failure if one broke. A run is made
-- fresh from (seed, run), or replayed from a record of its draws, which is how shrinking tries a simpler run.
local host, lib, W = ...
local type, error, tostring, pairs, ipairs, pcall = lib.type, lib.error, lib.tostring, lib.pairs, lib.ipairs, lib.pcall
local setmetatable, rawequal = lib.setmetatable, lib.rawequal
local tointeger = lib.tointeger
local X = host.exploring
local invariant = host.invariant

local R = {}

--- A value as a message names it: a string quoted (the script wrote "1", not 1), a number as it is, else its type.
function R.shown(v)
  if type(v) == "string" then return "a string " .. W.quote(v) end
  if type(v) == "number" or type(v) == "boolean" or v == nil then return tostring(v) end
  return "a " .. type(v)
end
local shown = R.shown

--- A value's text, for a message: an error object whose __tostring fails is still a failure to report.
function R.describe(v)
  local mt = type(v) == "table" and lib.getmetatable(v)
  -- A table's address is no message (and differs from run to run).
  if type(v) == "table" and not (type(mt) == "table" and mt.__tostring) then return "(an error value, a table)" end
  local ok, text = pcall(tostring, v)
  if ok and type(text) == "string" then return text end
  return "(an error value, a " .. type(v) .. ", whose __tostring failed: " .. (type(text) == "string" and text or "?") .. ")"
end

--- Where an error came from, for shrinking: a run's own limit by its kind, else the script's file and line.
function R.errorOrigin(err)
  local text = R.describe(err)
  if text:find("the run used more instructions than an exploration's run may", 1, true) then return "limit instructions" end
  if text:find("the run rendered more than", 1, true) then return "limit frames" end
  return "error " .. (text:match("^([^:]+:%d+):") or "?")
end

local describe, errorOrigin = R.describe, R.errorOrigin

-- A sentinel: gen.assume(false) raises it, and the step is discarded.
R.ASSUMED = setmetatable({}, { __tostring = function() return "gen.assume: the step's premise does not hold" end })
local ASSUMED = R.ASSUMED

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
  local function broke(origin, message, step, extra, piece)
    result.failure = { origin = origin, message = message, step = step, extra = extra, piece = piece }
    return result
  end
  local function checkRules(when, step, from)
    for _, r in ipairs(ex.rules) do
      if r.rule.when == when then
        local options = ruleOptions(ex, r, from)
        local okCall, pass, message, origin, _, piece = pcall(invariant, realS, r.rule.host, options)
        if not okCall then return broke(errorOrigin(pass), describe(pass), step) end
        if not pass then
          -- The piece is what S.identity keeps: the same rule broken by any element of it is one failure.
          return broke(origin or r.name, r.name .. ": " .. describe(message), step, { rule = r, options = options }, piece)
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
function R.runOnce(ex, src, steps, trace)
  X.runBudget(ex.maxInstructions)
  local ok, result = pcall(runSteps, ex, src, steps, trace)
  X.runBudget(0)
  if not ok then error(result, 0) end
  return result
end

return R
