-- SpinningVinylArt written again as a Lua piece type: album art set in a record that turns while music plays and
-- slows to rest on a pause. It is held to the Swift piece (s:vinyl) frame for frame, byte for byte, over the vinyl
-- examples (Tests/LuaHostTests/VinylParityTests.swift), so everything below follows the Swift piece's rules:
--   local v = s:vinylLua{ isPlaying = true, rpm = 45 }       -- or s:vinylLua{ player = p }
--   v:set{ isPlaying = false }                               -- eases to a stop over the ramp; settle waits for it
--   v:set{ rpm = 45 }                                        -- while playing, heads for the new speed over the ramp
--   v.angle, v.speed, v.rpm, v.isPlaying, v.isEasing         -- read as the Swift vinyl's are
-- state: isPlaying, rpm (33), ramp (0.9 s), frame ({ x, y, w, h }; nil: centred, 28 pt in from the sides),
-- accessibilityName ("Album art").

local ringCount, ringStep = 7, 0.028
local discWhite, ringStroke, ringOpacity = 0.08, 1, 0.06
local artFraction, spindleFraction = 0.6, 0.05
local sideInset, rpmLimit, easingTail = 28, 1000, 0.05

-- Swift's min and max, sign of zero and NaN included: the frames must come out the same to the last bit.
local function smin(x, y) if y < x then return y end return x end
local function smax(x, y) if y >= x then return y end return x end
local function finite(x) return x == x and x ~= math.huge and x ~= -math.huge end

-- Degrees per second for an rpm: held to +-1000 rpm, 0 for a value that is not a finite number.
local function degreesPerSecond(rpm)
  if type(rpm) ~= "number" or not finite(rpm) then return 0.0 end
  return smin(smax(rpm + 0.0, -rpmLimit), rpmLimit) * 6
end

-- The spin, a closed form of time: after a change the speed moves linearly to its target over the ramp, then
-- holds. Never changed: at rest where it started (changedAt is -inf).
local function newSpin() return { startAngle = 0.0, startSpeed = 0.0, targetSpeed = 0.0, changedAt = -math.huge } end

local function rampTime(ramp) return finite(ramp) and smax(ramp + 0.0, 0.0) or 0.0 end

local function elapsed(spin, time)
  if not finite(spin.changedAt) then return math.huge end
  return smax(time - spin.changedAt, 0.0)
end

local function angleAt(spin, ramp, time)
  local e = elapsed(spin, time)
  if not finite(e) then return spin.startAngle end
  local rt = rampTime(ramp)
  local r = smin(e, rt)
  local change = rt > 0 and (spin.targetSpeed - spin.startSpeed) / rt or 0.0
  return spin.startAngle + spin.startSpeed * r + change * r * r / 2 + spin.targetSpeed * smax(e - rt, 0.0)
end

local function speedAt(spin, ramp, time)
  local e = elapsed(spin, time)
  if not finite(e) then return spin.targetSpeed end
  local rt = rampTime(ramp)
  if rt <= 0 then return spin.targetSpeed end
  return spin.startSpeed + (spin.targetSpeed - spin.startSpeed) * smin(e / rt, 1.0)
end

-- Heads for `speed` from `time`, starting from the angle (reduced by 360, sign kept) and speed it has then.
local function setSpeed(state, speed, time)
  local spin = state.spin
  local angle = math.fmod(angleAt(spin, state.ramp, time), 360.0)
  local from = speedAt(spin, state.ramp, time)
  state.spin = { startAngle = angle, startSpeed = from, targetSpeed = speed, changedAt = time }
end

-- Rect helpers, computed as PieceKit's Rect does.
local function centred(cx, cy, w, h) return { x = cx - w / 2, y = cy - h / 2, w = w, h = h } end
local function inset(r, d) return { x = r.x + d, y = r.y + d, w = r.w - 2 * d, h = r.h - 2 * d } end

local function frameOf(state, env)
  local f = state.frame
  if f then return f end
  local side = smax(smin(env.width - 2 * sideInset, env.height), 0.0)
  return centred(env.width / 2, env.height / 2, side, side)
end

local function withRect(r, t)
  t.x, t.y, t.w, t.h = r.x, r.y, r.w, r.h
  return t
end

local function layout(state, env)
  local rect = frameOf(state, env)
  local side = smax(smin(rect.w, rect.h), 0.0)
  local disc = centred(rect.x + rect.w / 2, rect.y + rect.h / 2, side, side)
  local still = env.reduceMotion
  local angle = still and 0.0 or angleAt(state.spin, state.ramp, env.time)
  local speed = still and 0.0 or speedAt(state.spin, state.ramp, env.time)
  local cx, cy = disc.x + disc.w / 2, disc.y + disc.h / 2
  local elements = {
    disc = withRect(disc, { angle = angle, speed = speed, white = discWhite }),
    art = withRect(centred(cx, cy, side * artFraction, side * artFraction), { angle = angle }),
    spindle = withRect(centred(cx, cy, side * spindleFraction, side * spindleFraction), { white = discWhite }),
    sheen = withRect(disc, { gradient = "clear, white 0.22, clear, white 0.16, clear" }),
  }
  for k = 1, ringCount do
    elements["ring." .. k] = withRect(inset(disc, side * k * ringStep), { stroke = ringStroke, opacity = ringOpacity })
  end
  return elements
end

-- The view's .task(id: [isPlaying, reduceMotion]): set the speed for the current state; after a pause, ease for
-- the ramp and its tail (then the timeline stops). Under Reduce Motion no speed is changed.
local function playTask(state, env)
  if env.reduceMotion then return end
  setSpeed(state, state.isPlaying and degreesPerSecond(state.rpm) or 0.0, env.time)
  state.isEasing = not state.isPlaying
  if state.isPlaying then return end
  return rampTime(state.ramp) + easingTail, function(st) st.isEasing = false end
end

-- .onChange(of: degreesPerSecond): while playing, and not under Reduce Motion, head for the new speed.
local function rpmChange(state, env)
  if not state.isPlaying or env.reduceMotion then return end
  setSpeed(state, degreesPerSecond(state.rpm), env.time)
end

local elementOrder = { "disc" }
for k = 1, ringCount do elementOrder[#elementOrder + 1] = "ring." .. k end
for _, name in ipairs({ "art", "spindle", "sheen" }) do elementOrder[#elementOrder + 1] = name end

return {
  description = "s:vinylLua{ state = { isPlaying, rpm, ramp }, player }: SpinningVinylArt as a Lua piece",
  pieces = {
    vinylLua = {
      state = { isPlaying = false, rpm = 33, ramp = 0.9, isEasing = false, spin = newSpin(),
                accessibilityName = "Album art" },
      layout = layout,
      order = { elements = elementOrder, properties = { "angle", "speed", "white", "stroke", "opacity" } },
      parts = { "disc", "art", "spindle", "sheen" },
      timeline = {
        minimumInterval = 1 / 60,
        paused = function(state, env) return env.reduceMotion or not (state.isPlaying or state.isEasing) end,
      },
      tasks = {
        { id = function(state, env) return state.isPlaying, env.reduceMotion end, run = playTask },
        { id = function(state) return degreesPerSecond(state.rpm) end, run = rpmChange, initial = false },
      },
      onPlayer = function(state, report) state.isPlaying = report.isPlaying end,
      -- What the Swift vinyl lets a script read, under the same names: the angle as drawn (at the time the timeline
      -- last drew), the speed now, and the state behind them.
      readings = {
        angle = function(state, env) return env.reduceMotion and 0.0 or angleAt(state.spin, state.ramp, env.drawnTime) end,
        speed = function(state, env) return env.reduceMotion and 0.0 or speedAt(state.spin, state.ramp, env.time) end,
        rpm = function(state) return state.rpm end,
        isPlaying = function(state) return state.isPlaying end,
        isEasing = function(state) return state.isEasing end,
      },
      accessibility = function(state)
        return { { id = "disc", label = state.accessibilityName } }
      end,
    },
  },
}
