-- A media player written in Lua that buffers: after a seek its clock stalls for a while (1.5 s unless told
-- otherwise) before it plays on from the new place. It is a plain Lua table implementing the player protocol
-- (docs/pieces/player.md, "A player written in Lua"), so NowPlaying and the mini player take it as they take s:player{...}:
--   local p = s:bufferingPlayer{ title = "Slow Mornings", artist = "Aster Vale", duration = 222, time = 48,
--                                isPlaying = true }
--   local np = s:nowPlaying{ player = p }

local function bufferingPlayer(s, o)
  if type(o) ~= "table" or type(o.title) ~= "string" or type(o.duration) ~= "number" then
    error("stage:bufferingPlayer: give at least { title = \"...\", duration = seconds }", 2)
  end
  local p = {
    -- The fields the piece reads whenever the player reports.
    title = o.title, artist = o.artist or "", duration = o.duration,
    isPlaying = o.isPlaying == true, time = o.time or 0,
    -- The player's own settings and state.
    stall = o.stall or 1.5, interval = o.updateInterval or 0.5,
    buffering = false, calls = {}, reports = {},
  }
  local observers = {}
  -- The position is never summed tick by tick: while it plays it is base + (now - since).
  local base, since = p.time, s:now()
  local ticks, resume

  local function position(now)
    if p.isPlaying and not p.buffering then return math.min(base + (now - since), p.duration) end
    return base
  end

  local function report(reason)
    p.time = position(s:now())
    p.reports[#p.reports + 1] = { reason = reason, at = s:now(), time = p.time }
    for _, tell in ipairs(observers) do tell{ reason = reason, time = p.time, isPlaying = p.isPlaying } end
  end

  local function rebase()
    base, since = position(s:now()), s:now()
  end

  local function startTicks()
    if ticks then ticks:cancel() end
    ticks = s:every(p.interval, function() report("tick") end, { background = true, label = "buffering tick" })
  end

  -- The player protocol: what the piece calls.
  function p:observe(tell) observers[#observers + 1] = tell end
  function p:onPlayPause()
    self.calls[#self.calls + 1] = { name = "onPlayPause", at = s:now() }
    if self.isPlaying then self:pause() else self:play() end
  end
  function p:onSkip(direction)
    self.calls[#self.calls + 1] = { name = "onSkip", at = s:now(), direction = direction }
    self:seek(0)
  end
  function p:onSeek(time)
    self.calls[#self.calls + 1] = { name = "onSeek", at = s:now(), time = time }
    self:seek(time)
  end

  -- The app's own controls.
  function p:play()
    if self.isPlaying then return end
    rebase(); self.isPlaying = true; since = s:now()
    startTicks(); report("play")
  end
  function p:pause()
    if not self.isPlaying then return end
    rebase(); self.isPlaying = false
    if ticks then ticks:cancel(); ticks = nil end
    report("pause")
  end
  -- A seek stalls the clock where it stood; once the stall is over the player is at `time`, confirms the seek
  -- (its report says "seek") and plays on from there.
  function p:seek(time)
    rebase()
    self.buffering = true
    if resume then resume:cancel() end
    resume = s:after(self.stall, function()
      resume = nil
      self.buffering = false
      base, since = math.max(0, math.min(time, self.duration)), s:now()
      report("seek")
    end, { label = "buffering: seek to " .. time })
  end
  function p:skip() self:seek(0) end
  function p:load(track)
    rebase()
    self.title, self.artist, self.duration = track.title, track.artist or "", track.duration
    base, since = 0, s:now()
    report("queue")
  end

  if p.isPlaying then startTicks() end
  return p
end

return {
  description = "s:bufferingPlayer{ title, artist, duration, time, isPlaying, stall, updateInterval }: a Lua player that buffers after a seek",
  methods = { stage = { bufferingPlayer = bufferingPlayer } },
}
