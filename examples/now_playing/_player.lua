-- The seed's example player and helpers the NowPlaying scenarios share. Not a scenario itself (its name starts
-- with "_").
local M = {}

M.tracks = {
  { title = "Slow Mornings", artist = "Aster Vale", duration = 222 },
  { title = "Paper Lanterns", artist = "Aster Vale", duration = 245 },
}

--- An iPhone-sized stage at 120 fps; options override any setting.
function M.stage(options)
  local o = { width = 393, height = 852, safeArea = { top = 59, bottom = 34 }, fps = 120 }
  for k, v in pairs(options or {}) do o[k] = v end
  return Stage(o)
end

--- The example player (48 s into "Slow Mornings", playing, reporting twice a second) and the piece bound to it.
function M.nowPlaying(s, playerOptions, pieceOptions)
  local p = { tracks = M.tracks, time = 48, isPlaying = true, updateInterval = 0.5 }
  for k, v in pairs(playerOptions or {}) do p[k] = v end
  local player = s:player(p)
  local o = { player = player }
  for k, v in pairs(pieceOptions or {}) do o[k] = v end
  local np = s:nowPlaying(o)
  s:frames(1)
  return player, np
end

--- The first frame at or after time t.
function M.frameTime(t)
  return math.ceil(t * 120 - 1e-6) / 120
end

--- Events of a kind (and, if given, a name) in the frames since time `from`: a list of { t, event }.
function M.events(s, kind, name, from)
  local out = {}
  s:frames{ from = from or 0 }:map(function(f)
    for _, e in ipairs(f.events) do
      if e.kind == kind and (name == nil or e.name == name) then out[#out + 1] = { t = f.t, event = e } end
    end
    return 0
  end)
  return out
end

--- The time of the first frame since `from` for which `test(frame)` holds, or nil.
function M.firstTime(s, from, test)
  local found = nil
  s:frames{ from = from }:map(function(f)
    if found == nil and test(f) then found = f.t end
    return 0
  end)
  return found
end

return M
