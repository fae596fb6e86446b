-- piecebox:explore: explore(name, spec) checks a stage against the motion rules through runs of random actions,
-- and shrinks the first run that breaks one to the fewest, simplest actions, printed as a test (tests.lua declares
-- explorations; HostTable.swift loads this chunk at the first one). Each draw is recorded; a run is replayed from
-- its record, and shrinking edits the record, never the actions (as Hypothesis does).
local host, lib, W = ...
-- What an error calls a value: the host's one rule (TypeName.swift), so a stage is "piecebox.stage".
local typeName = host.typeName
local type, error, tostring, pairs, ipairs, pcall = lib.type, lib.error, lib.tostring, lib.pairs, lib.ipairs, lib.pcall
local next = lib.next
local sort, concat, floor = lib.sort, lib.concat, lib.floor
local collect = lib.collectgarbage
local X = host.exploring

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
-- Guesses, each overridable in the exploration: the time a run has to settle after its last action, and the most
-- frames one run may render. (The time after each action is drawn: runs.lua, `drawGap`.)
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
  gap = true, --: number|number[] -- the seconds between two actions, 0 to 60, or the bounds { lo, hi } of the drawn waits (default: drawn, from the same instant to 2 s; the simplest is 0.5)
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

--- `gap`: a fixed number of seconds, 0 to 60, or the bounds { lo, hi } within them that drawn gaps keep to.
local function checkGap(kind, gap)
  if gap == nil then return end
  local function bad(v) return type(v) ~= "number" or v ~= v or v < 0 or v > 60 end
  -- Not-a-number is written one way on every platform (tostring gives "nan" or "-nan").
  local function said(v) return v ~= v and "nan" or shown(v) end
  local wrong
  if type(gap) == "table" then
    local n = 0
    for _ in pairs(gap) do n = n + 1 end
    if n ~= 2 or bad(gap[1]) or bad(gap[2]) or gap[1] > gap[2] then
      local items = {}
      for k, v in pairs(gap) do items[#items + 1] = (k == #items + 1 and "" or ("[" .. shown(k) .. "] = ")) .. said(v) end
      wrong = "{ " .. concat(items, ", ") .. " }"
    end
  elseif bad(gap) then
    wrong = said(gap)
  end
  if wrong then
    fail(kind, "gap must be seconds from 0 to 60 (gap = 0.5), or the bounds of the drawn gaps, two numbers from 0 to 60"
      .. " with the first not above the second (gap = { 0, 1 }), got " .. wrong, 4)
  end
end

--- Checks an exploration's table where it is declared, so a mistake points at the scenario's line.
function M.check(kind, spec)
  if type(spec) ~= "table" then fail(kind, "argument 2 must be a table { setup, actions, ... }, got " .. typeName(spec), 3) end
  for k in pairs(spec) do
    if not SPEC_KEYS[k] then
      local known = {}
      for name in pairs(SPEC_KEYS) do known[#known + 1] = name end
      sort(known)
      fail(kind, "unknown key " .. (type(k) == "string" and ("'" .. k .. "'") or shown(k)) .. " (the keys are " .. concat(known, ", ") .. ")", 3)
    end
  end
  if type(spec.setup) ~= "function" then
    fail(kind, "setup must be a function that makes the stage and returns it with a table of its pieces (return s, { mp = mp }), got " .. typeName(spec.setup), 3)
  end
  if type(spec.actions) ~= "table" or next(spec.actions) == nil then
    fail(kind, "actions must be a table of named functions (actions = { tap = function(s, w, gen) ... end }), got "
      .. (type(spec.actions) == "table" and "an empty table" or type(spec.actions)), 3)
  end
  for name, fn in pairs(spec.actions) do
    if type(name) ~= "string" or not name:match("^[%a_][%w_]*$") then
      fail(kind, "actions: every action needs a name of letters, digits and '_', got " .. shown(name), 3)
    end
    if type(fn) ~= "function" then fail(kind, "actions." .. name .. " must be a function (s, w, gen), got " .. typeName(fn), 3) end
  end
  if spec.check ~= nil and type(spec.check) ~= "function" then
    fail(kind, "check must be a function (s, w), got " .. typeName(spec.check), 3)
  end
  count(kind, spec, "steps", 1, 1000, true)
  count(kind, spec, "runs", 1, 10000000, true)
  checkGap(kind, spec.gap)
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
  if type(list) ~= "table" then fail(kind, "invariants must be a list of rule names, got " .. typeName(list), level) end
  local chosen, unknown = {}, {}
  local function add(name, options)
    if type(name) ~= "string" or not RULES[name] then
      unknown[#unknown + 1] = (type(name) == "string" and name or shown(name)) .. nearHint(name, RULE_ORDER)
      return
    end
    if options ~= true and type(options) ~= "table" then
      fail(kind, "invariants." .. name .. " must be true or a table of the matcher's options, got " .. typeName(options), level + 1)
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

local R = host.loadRuns()(host, lib, W)
local S = host.loadShrink()(host, lib, W, M, R)
local Q = host.loadSearch()(host, lib, M, R, S)
local runOnce, shrink = R.runOnce, S.shrink

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
local function scenarioText(ex, result, header, testName)
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
  for _, name in ipairs(writer.requires) do
    out[#out + 1] = W.comment("It requires " .. name .. " as " .. ex.file .. " does: run it beside that file, or with --lib naming its folder.")
  end
  if #writer.problems > 0 then
    out[#out + 1] = W.comment("Not written out, so this test may not fail as the exploration did (copy these from " .. ex.file .. "):")
    for _, p in ipairs(writer.problems) do out[#out + 1] = W.comment("  " .. p) end
  end
  for _, line in ipairs(writer.lines) do out[#out + 1] = line end
  out[#out + 1] = ""
  out[#out + 1] = "test(" .. W.quote(testName) .. ", " .. limitOptions(ex, failure) .. "function()"
  out[#out + 1] = "  local s, w = " .. setupName .. "()"
  for _, line in ipairs(lines) do out[#out + 1] = "  " .. line end
  for _, line in ipairs(tail) do out[#out + 1] = "  " .. line end
  out[#out + 1] = "end)"
  return concat(out, "\n") .. "\n", failure, writer.problems
end

--- What a replay of the minimal test must fail with to be this failure: the rule's words, an error's message
--- without its file and line (the written test has lines of its own), or the limit.
local function reproducedMessage(failure)
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
local function notReproduced(text, failure, problems, testName)
  local failed, message = X.replay(text, testName)
  if failed == nil then return message end
  if not failed then
    return "it passes" .. (#problems > 0 and (" (" .. concat(problems, "; ") .. ")") or "")
  end
  local want = reproducedMessage(failure)
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

--- The report of one failing run, already shrunk to `best`: its minimal test written and replayed. Gives the
--- message and the scenario for `--save` (nil when it is not written). `f` is the finding (its run, or stored).
local function report(ex, f, result, best, tries, cut, runs, shard, shards, testName)
  local actions = actionNames(best)
  local seed = X.seed()
  local header = {
    "Found by piecebox explore: " .. ex.file .. ", " .. W.quote(ex.name) .. ", "
      .. (f.stored and "replayed from its database of failures." or ("seed " .. seed .. ", run " .. f.run .. ".")),
    -- A comment says what broke; the message itself is the report's (a long one would crowd out the test).
    "Broke: " .. W.clip(best.failure.message, 1000),
    minimalLine(actions),
  }
  local text, failure, problems = scenarioText(ex, best, header, testName)
  local limit = X.limit
  local verdict
  if #text > limit then
    verdict = "the minimal scenario is not written: it is " .. #text .. " bytes, more than the " .. limit
      .. " a report keeps whole"
    text = nil
  else
    local why = notReproduced(text, failure, problems, testName)
    verdict = why and ("the written test does not reproduce this failure: " .. why)
      or "the written test, replayed in a fresh state, fails the same way"
    if why then text = W.comment("The written test does not reproduce this failure: " .. why) .. "\n" .. text end
  end
  local lines = {
    best.failure.message,
    (f.stored and "replayed from the database (a failure an earlier exploration stored)"
      or ("seed " .. seed .. ", run " .. f.run .. " of " .. runs .. (shards > 1 and (" (shard " .. shard + 1 .. "/" .. shards .. ")") or "")))
      .. "; shrunk from " .. plural(#actionNames(result), "action") .. " in " .. plural(tries, "replay")
      .. (cut and " (cut short: the shrink budget ran out)" or ""),
    minimalLine(actions),
    verdict,
  }
  return concat(lines, "\n"), text
end

--- One message and one scenario file from several failures' (each its message, then its scenario when the whole
--- fits in a report's limit; each scenario in a block of its own, the header lines once at the top).
local function joined(parts, more)
  local limit = X.limit
  if #parts == 1 then
    local message, text = parts[1].message, parts[1].text
    if text then X.minimal(text) end
    if text and #message + 2 + #text <= limit then return message .. "\n\n" .. text end
    if text then return message .. "\n(the minimal scenario, " .. #text .. " bytes, is too long to show with this message: --save writes it)" end
    return message
  end
  local out = { plural(#parts, "distinct failure") .. ", each shrunk on its own (in the order they were found)"
    .. (more > 0 and ("; " .. more .. " more not shown") or "") }
  local header, blocks, size = {}, {}, 0
  for k, part in ipairs(parts) do
    out[#out + 1] = "\n" .. k .. ". " .. part.message
    if part.text then
      local own, rest = {}, {}
      for line in (part.text .. "\n"):gmatch("([^\n]*)\n") do
        if #rest == 0 and line:sub(1, 3) == "--!" then own[#own + 1] = line else rest[#rest + 1] = line end
      end
      local block = "do\n" .. concat(rest, "\n") .. "end\n"
      if size + #block + 200 <= limit then
        size = size + #block
        for _, line in ipairs(own) do
          local known = false
          for _, h in ipairs(header) do known = known or h == line end
          if not known then header[#header + 1] = line end
        end
        blocks[#blocks + 1] = block
      end
    end
  end
  if #blocks > 0 then
    local all = concat(header, "\n") .. (#header > 0 and "\n" or "") .. concat(blocks, "\n")
    X.minimal(all)
    local message = concat(out, "\n")
    if #message + 2 + #all <= limit then return message .. "\n\n" .. all end
    return message .. "\n(the minimal scenarios, " .. #all .. " bytes, are too long to show with this message: --save writes them)"
  end
  return concat(out, "\n")
end

--- Why a search that met no failure still fails, or nil: no action ran, most steps were discarded, or an action
--- never came up in enough runs to be sure it can.
local function health(st)
  if st.runs > 0 and st.acted == 0 then
    return "no action ran: every step of its " .. plural(st.runs, "run")
      .. " was discarded (by gen.assume, or a part that cannot be touched now), so nothing was checked"
  end
  if st.runs < Q.healthRuns then return nil end
  if st.discards * 2 > st.steps then
    return "health: " .. st.discards .. " of " .. plural(st.steps, "step") .. " were discarded, more than half, so most of what was drawn was never checked; draw values the actions' premises (gen.assume) accept, act only on parts that can be touched then, or split the exploration in two"
  end
  for _, a in ipairs(st.actions) do
    if a.drawn == 0 then
      return "health: the action " .. a.name .. " was never drawn in " .. plural(st.runs, "run") .. " ("
        .. plural(st.steps, "step") .. "), so it was never checked; give the exploration more steps or runs, or fewer actions"
    end
  end
end

--- The findings shrunk (at most `Q.reported`), the same failure met twice after shrinking said once, each
--- reported; gives the message and the minimal records to remember.
local function shrinkAll(ex, found, runs, shard, shards)
  local parts, remember, seen = {}, {}, {}
  local more = 0
  for _, f in ipairs(found) do
    if #parts >= Q.reported then
      more = more + 1
    else
      local record = Q.parseDraws(f.draws)
      local result = record and runOnce(ex, { record = record }, ex.steps)
      if result and result.failure then
        local best, tries, cut = shrink(ex, result, ex.steps)
        local id = S.identity(best.failure)
        if not seen[id] then
          seen[id] = true
          local testName = ex.name .. " (minimal" .. (#parts == 0 and "" or (", failure " .. #parts + 1)) .. ")"
          local message, text = report(ex, f, result, best, tries, cut, runs, shard, shards, testName)
          parts[#parts + 1] = { message = message, text = text }
          remember[#remember + 1] = Q.drawsText(best.drawn)
        end
      end
    end
  end
  return joined(parts, more), remember
end

--- What the stored records and the runs found, given this worker's mode: "search" (a share of the runs of
--- `piecebox explore --jobs`, handed to the host unshrunk), "shrink" (the shares' findings and counts, given by
--- the host) or "full" (both here). Gives the findings to report (selected), the counts, and the database's note.
local function look(ex, name, runs, shard, shards)
  local share, shares, mode = X.share()
  local st = Q.newStats(ex.names)
  local extra = {}
  local found
  if mode ~= "search" then
    local records, problem = X.stored(name)
    found, extra.forgotten, extra.dropped = Q.replayStored(ex, records or {})
    extra.problem = problem
    if #found > 0 then return found, st, extra, mode end
  end
  local given = mode == "shrink" and X.found(name)
  if given then
    for _, key in ipairs({ "runs", "steps", "discards", "acted" }) do st[key] = given[key] or 0 end
    for i, a in ipairs(st.actions) do
      local g = given.actions and given.actions[i]
      if g and g.name == a.name then a.drawn, a.discarded = g.drawn or 0, g.discarded or 0 end
    end
    found = given.found or {}
    Q.reprint(given.printed, found)
  else
    -- A share keeps what its runs print, for the worker that shrinks to print in run order.
    local keep = mode == "search" and Q.keepPrinted() or nil
    found = Q.search(ex, name, runs, shard + share * shards, shards * shares, st, keep)
    if keep then extra.printed, extra.printedOverflow = keep.lines, keep.overflow or nil end
  end
  if mode == "search" then return found, st, extra, mode end
  return Q.select(found), st, extra, mode
end

--- Runs an exploration as a test: the failures its database stored, then its runs (this machine's share of them),
--- and every distinct failure shrunk and reported.
function M.run(name, spec)
  local names = {}
  for k in pairs(spec.actions) do names[#names + 1] = k end
  sort(names)
  local ex = {
    name = name, spec = spec, names = names, file = X.file,
    rules = M.rules("explore", spec.invariants, 2),
    gap = spec.gap, settle = spec.settle or M.defaultSettle,
    steps = X.steps(spec.steps),
    maxInstructions = spec.maxInstructions or M.defaultMaxInstructions,
  }
  local runs, shard, shards = X.runs(spec.runs)
  X.quiet(spec.maxFrames or M.defaultMaxFrames)
  local ok, err = pcall(function()
    local found, st, extra, mode = look(ex, name, runs, shard, shards)
    if mode == "search" then
      extra.found = found
      Q.outcome(name, st, extra)
      return
    end
    local problem
    if #found == 0 then
      problem = health(st)
      extra.remember = {}
    elseif found[1].flaky then
      problem = found[1].flaky
      extra.remember = {}
    else
      problem, extra.remember = shrinkAll(ex, found, runs, shard, shards)
    end
    Q.outcome(name, st, extra)
    return problem
  end)
  X.quiet()
  X.runBudget(0)
  host.printTap = nil
  collect("collect")
  if not ok then error(err, 0) end
  if err then error(err, 0) end
end

return M
