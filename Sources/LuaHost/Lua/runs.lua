-- piecebox:runs: one run of an exploration (explore.lua loads this chunk with it): the draws its actions are
-- handed (`gen`), the steps it takes, the rules checked after each, and the failure if one broke. A run is made
-- fresh from (seed, run), or replayed from a record of its draws, which is how shrinking tries a simpler run.
local host, lib, W = ...
-- What an error calls a value: the host's one rule (TypeName.swift), so a stage is "piecebox.stage".
local typeName = host.typeName
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
--- A fresh number or whole number may lean to a boundary or to a number the run's actions drew before (`seen`;
--- `ChoiceAsk.draw`); a replayed one is read as recorded. `swarm` is the run's subset of options (`R.swarm`).
local function newGen(src, rec, swarm)
  local seen = {}
  local function draw(kind, a, b, remember)
    local v
    if src.position then
      v, src.position = X.draw(kind, a, b, src.position, nil, remember ~= nil and seen or nil)
      if remember and (kind == "number" or kind == "integer") then seen[#seen + 1] = v end
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
  --- One of `count` options by its place from 0. A fresh draw picks among `enabled` (places from 0) when the run
  --- left only some on; the record holds the place in the whole list, so a replay needs no subset, and the
  --- subset's draws shrink to "everything on" without moving any action.
  local function choose(count, enabled)
    if src.position and enabled then
      local i
      i, src.position = X.draw("pick", #enabled, 0, src.position)
      rec[#rec + 1] = { "pick", count, 0, enabled[i + 1] }
      return enabled[i + 1]
    end
    return draw("pick", count, 0)
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
    return draw("number", lo, hi, true)
  end
  function gen.integer(lo, hi) --: (lo: integer, hi: integer) -> integer
    bounds("integer", lo, hi, true)
    return draw("integer", tointeger(lo), tointeger(hi), true)
  end
  function gen.bool() return draw("bool", 0, 0) end --: () -> boolean
  function gen.pick(list) --: (list: any[]) -> any
    if type(list) ~= "table" or #list == 0 then
      error("gen.pick: argument 1 must be a list of at least one option, got " .. (type(list) == "table" and "an empty table" or typeName(list)), 2)
    end
    return list[choose(#list, swarm and swarm.options(#list)) + 1]
  end
  function gen.assume(condition) --: (condition: any)
    if not condition then error(ASSUMED, 0) end
  end
  return gen, draw, choose
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

-- Swarm testing (Groce et al., ISSTA 2012): a run leaves only some actions on, and only some options of each
-- gen.pick, so what needs one action many times in a row, or one option again and again, is not drowned out by
-- the rest. Drawn at the run's start, in the record: whether the run swarms at all (false, the simplest, leaves
-- everything on; so half the runs are as before), one flag per action (false: on), and a mask the picks' options
-- are read from (0: every option on). Only fresh draws read them (see `choose`): a shrink moves them all to their
-- simplest without changing one action.
local function drawSwarm(swarm, draw, count)
  local on = draw("bool", 0, 0)
  local enabled = {}
  for i = 0, count - 1 do
    if not draw("bool", 0, 0) then enabled[#enabled + 1] = i end
  end
  local mask = draw("integer", 0, 0x7fffffff)
  swarm.actions = on and #enabled > 0 and #enabled < count and enabled or nil
  swarm.mask = on and mask or 0
  swarm.action = 0
end

-- 64-bit mixing (SplitMix64's finaliser), in Lua's wrapping integers: a pick's options from the run's mask.
local function mix(h)
  h = (h ~ (h >> 30)) * -4658895280553007687
  h = (h ~ (h >> 27)) * -7723592293110705685
  return h ~ (h >> 31)
end

--- The options (places from 0) a fresh gen.pick of `n` may give in this run, for the action now running; nil for
--- all of them. Lists of more than 62 options are not thinned.
local function swarmOptions(swarm, n)
  if (swarm.mask or 0) == 0 or n < 2 or n > 62 then return nil end
  local h = mix(swarm.mask ~ (swarm.action * 0x632BE59BD9B4E019) ~ (n * 0x61C8864680B583EB))
  local out = {}
  for j = 0, n - 1 do
    if (h >> j) & 1 == 1 then out[#out + 1] = j end
  end
  if #out == 0 or #out == n then return nil end
  return out
end

-- The wait between two actions, when the exploration does not fix it (`gap`), is drawn like any other value, so it
-- is in the record, replays and shrinks. Two draws, always both (so a shrink of the first never shifts the
-- draws after it): which kind of gap (a pick over GAP_SLOTS: a kind listed in several slots is drawn more often),
-- then a value inside that kind. Slot 0 is the hand gap, 0.5 s, the gap a person writes (and the fixed gap
-- explorations had): a pick shrinks toward slot 0, so a failure that does not need its timing ends with the hand
-- gap, not with every gap 0. The same instant (no frame between two actions, as two taps within one frame) and
-- one frame are the most common kinds, since a uniform time almost never lands on them.
R.handGap = 0.5
local GAPS = {
  { kind = "hand", draw = "integer", lo = 0, hi = 0 },
  { kind = "instant", draw = "integer", lo = 0, hi = 0 },
  { kind = "frames", draw = "integer", lo = 1, hi = 1 },
  { kind = "frames", draw = "integer", lo = 2, hi = 6 },
  { kind = "seconds", draw = "number", lo = 0.05, hi = 0.45 },  -- inside a typical spring
  { kind = "seconds", draw = "number", lo = 0.5, hi = 2 },      -- up to a settle
}
-- 16 slots: the hand gap 1, the same instant 4, one frame 3, 2 to 6 frames 2, inside a spring 3, up to a settle 3.
R.gapSlots = { 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6 }

--- The wait before an action, from the last one that ran: ("advance", seconds), ("frames", n) or ("none") for the
--- same instant. A fixed gap
--- draws nothing and is always an advance (as before gaps were drawn); bounds `{ lo, hi }` hold every kind.
local function drawGap(ex, draw, fps)
  local gap = ex.gap
  if type(gap) == "number" then return "advance", gap end
  local lo, hi = 0, 60
  if type(gap) == "table" then lo, hi = gap[1], gap[2] end
  local function clamp(v) return v < lo and lo or (v > hi and hi or v) end
  local g = GAPS[R.gapSlots[draw("pick", #R.gapSlots, 0) + 1]]
  local v = draw(g.draw, g.draw == "number" and clamp(g.lo) or g.lo, g.draw == "number" and clamp(g.hi) or g.hi, false)
  local seconds = g.kind == "hand" and R.handGap or (g.kind == "instant" and 0) or (g.kind == "frames" and v / fps) or v
  if clamp(seconds) ~= seconds then seconds = clamp(seconds)
  elseif g.kind == "frames" then return "frames", v end
  if seconds == 0 then return "none" end
  return "advance", seconds
end

--- The wait after the last action: the fixed gap, else the hand gap within the bounds.
local function finalGap(ex)
  local gap = ex.gap
  if type(gap) == "number" then return "advance", gap end
  local v = R.handGap
  if type(gap) == "table" then v = v < gap[1] and gap[1] or (v > gap[2] and gap[2] or v) end
  if v == 0 then return "none" end
  return "advance", v
end

--- Renders a wait between two actions, writing it in the trace as the minimal test will: `s:frames(n)`,
--- `s:advance(seconds)` with the drawn value exactly, or nothing for the same instant. Gives pcall's answer.
local function renderGap(realS, trace, how, amount)
  if how == "none" then return true end
  if trace then
    trace.lines[#trace.lines + 1] = how == "frames" and ("s:frames(" .. W.number(amount) .. ")")
      or ("s:advance(" .. W.number(amount) .. ")")
  end
  -- What the stage runs in this wait (an s:after callback) is the written line's doing.
  if trace then trace.depth = trace.depth + 1 end
  local done, why = pcall(how == "frames" and realS.frames or realS.advance, realS, amount)
  if trace then trace.depth = trace.depth - 1 end
  return done, why
end

--- The stage and pieces the actions are handed: as setup made them, or through the trace's proxies that write
--- every call down.
local function traced(trace, s, w)
  if not trace then return s, w end
  s = trace:wrap(s, "s")
  local world = {}
  for k, v in pairs(w) do
    local name = W.index("w", k)
    world[k] = (type(v) == "userdata" and name) and trace:wrap(v, name) or v
  end
  -- A function an action hands the stage may use s and w: they are the test's own.
  trace.writer.extra[world] = "w"
  return s, world
end

--- Runs one run: from a fresh source (`src.position`) or a record (`src.record`), for at most `steps` steps.
--- Gives the draws, the spans of the steps that ran, and the failure if one rule broke.
local function runSteps(ex, src, steps, trace)
  local rec, spans, swarm = {}, {}, {}
  local gen, draw, choose = newGen(src, rec, swarm)
  swarm.options = function(n) return swarmOptions(swarm, n) end
  local names, actions = ex.names, ex.spec.actions
  drawSwarm(swarm, draw, #names)
  local result = { drawn = rec, spans = spans, src = src }
  local ok, s, w = pcall(ex.spec.setup)
  if not ok then
    result.failure = { origin = "setup", message = "setup failed: " .. describe(s) }
    return result
  end
  if type(s) ~= "userdata" or not pcall(X.atRest, s) then
    result.failure = { origin = "setup", message = "setup must return the stage it made (return s, { mp = mp }), got " .. typeName(s) }
    return result
  end
  if type(w) ~= "table" then w = {} end
  local realS, realW = s, w
  s, w = traced(trace, s, w)
  local fps = realS.fps
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
  -- The rules at rest hold before any action too: a stage that starts off the screen fails with 0 actions.
  if X.atRest(realS) and checkRules("rest", 0) then return result end
  --- After an action that ran: the wait, then the rules over its frames, at rest, and the author's check.
  local function waitAndCheck(how, amount, step, from)
    local waited, why = renderGap(realS, trace, how, amount)
    if not waited then return broke(errorOrigin(why), describe(why), step) end
    if checkRules("step", step, from) then return result end
    if X.atRest(realS) and checkRules("rest", step) then return result end
    if ex.spec.check then
      -- The author's rule sees the stage and pieces themselves: what it reads is not an action to write out.
      local fine, problem = pcall(ex.spec.check, realS, realW)
      if not fine then return broke("check " .. errorOrigin(problem), "check: " .. describe(problem), step, { check = true }) end
    end
  end
  -- `ranFrom`: when the last step's action ran, the time it started (nil when it was discarded).
  local step, ran, ranFrom = 0, 0, nil
  while true do
    if src.position then
      if step >= steps then break end
    elseif #rec >= #src.record then
      break
    end
    step = step + 1
    local index = choose(#names, swarm.actions)
    local which = names[index + 1]
    local span = { first = #rec, last = #rec, name = which }
    spans[#spans + 1] = span
    -- A step's draws are its action, the wait before it (from the last action that ran), then its action's own:
    -- dropping a step drops the wait that led to it, and the next action keeps its own wait. Every step draws
    -- its wait, the first too (which waits for nothing), so a step's draws never depend on where it stands.
    local how, amount = drawGap(ex, draw, fps)
    span.last = #rec
    if ranFrom and waitAndCheck(how, amount, step - 1, ranFrom) then
      span.discarded = true  -- the last action broke a rule: this one never ran
      return result
    end
    ranFrom = nil
    swarm.action = index
    local from, own0 = realS:now(), #rec + 1
    local lines = trace and #trace.lines
    if trace then trace.raised = false end
    local done, err = pcall(actions[which], s, w, gen)
    span.last = #rec
    if not done then
      if rawequal(err, ASSUMED) or X.notNow(describe(err)) then
        span.discarded = true
        if trace then for i = #trace.lines, lines + 1, -1 do trace.lines[i] = nil end end
      else
        -- Raised by the action's own code (not by a call the trace wrote): the minimal scenario runs the action
        -- itself, with this step's draws.
        local own = trace and not trace.raised and { name = which, lines = lines, draws = copyValues(rec, own0) }
        return broke(errorOrigin(err), describe(err), step, own and { own = own })
      end
    else
      ran, ranFrom = ran + 1, from
    end
  end
  result.ran = ran
  -- After the last action, the hand gap (a fixed gap as it is): not drawn, since nothing comes after it.
  local how, amount = finalGap(ex)
  if ranFrom and waitAndCheck(how, amount, step, ranFrom) then return result end
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
