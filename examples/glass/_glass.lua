-- Shared helpers for the glass scenarios: merge events and first times, read from the frames rendered.
local M = {}

--- The merge events of `piece` in the frames since time `from`: a series of { pairs, joined, parted } at their
--- frames' times.
function M.merges(s, piece, from)
  return s:events{ kind = "merge", piece = piece, from = from or 0 }
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

--- The first frame time at or after t (120 fps).
function M.frameTime(t)
  return math.ceil(t * 120 - 1e-6) / 120
end

return M
