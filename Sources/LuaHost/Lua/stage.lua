-- piecebox:stage: stage:runUntil, rendering frames until predicate(frame) holds or timing out (StageBinding.swift loads it).
local methods, step, finish, typeName = ...
local type, error, format = type, error, string.format
methods.runUntil = function(self, predicate, timeout)
  if type(predicate) ~= "function" then error("stage:runUntil: argument 1 must be a function of a frame, got " .. typeName(predicate), 2) end
  timeout = timeout or 10
  -- NaN and infinity never run out, so the loop would end only at the sandbox's limits.
  if type(timeout) ~= "number" or timeout ~= timeout or timeout < 0 or timeout == 1 / 0 then
    error("stage:runUntil: argument 2 must be a timeout in seconds (0 or more, finite), got " .. tostring(timeout), 2)
  end
  local start = self:now()
  local n = 0
  local frame
  while true do
    if n > 0 and predicate(frame) then finish(self) return n end
    if self:now() - start >= timeout - 1e-9 then
      finish(self)
      error(format("stage:runUntil: the predicate was still false after %d frames (%.4g s)", n, timeout), 2)
    end
    frame = step(self, start, timeout)
    n = n + 1
  end
end
