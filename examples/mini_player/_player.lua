-- The example player and helpers the ExpandingMiniPlayer scenarios share. Not a scenario itself (its name starts
-- with "_").
local M = {}

M.tracks = {
  { title = "Midnight Drive", artist = "The Night Owls", duration = 200 },
  { title = "Paper Planes", artist = "The Night Owls", duration = 180 },
}

--- An iPhone-sized stage at 120 fps; options override any setting.
function M.stage(options)
  local o = { width = 393, height = 852, safeArea = { top = 59, bottom = 34 }, fps = 120 }
  for k, v in pairs(options or {}) do o[k] = v end
  return Stage(o)
end

--- The example player (40 s into "Midnight Drive", paused, reporting twice a second) and the piece bound to it.
function M.miniPlayer(s, playerOptions, pieceOptions)
  local p = { tracks = M.tracks, time = 40, updateInterval = 0.5 }
  for k, v in pairs(playerOptions or {}) do p[k] = v end
  local player = s:player(p)
  local o = { player = player }
  for k, v in pairs(pieceOptions or {}) do o[k] = v end
  local mp = s:miniPlayer(o)
  s:frames(1)
  return player, mp
end

--- One number of one element over the frames since time `from`, as a series.
function M.series(s, element, number, from)
  return s:frames{ from = from }:map(function(f) return f.miniPlayer[element][number] end)
end

--- The callbacks the piece made, by name, in the frames since time `from`.
function M.callbacks(s, from)
  return s:events{ kind = "callback", from = from or 0 }:map(function(e) return e.name end):list()
end

return M
