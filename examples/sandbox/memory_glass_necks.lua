--! expect-error: memory_glass_necks.lua:11: memory limit of 16 MiB exceeded
--! max-memory: 16
-- 1,200 glass circles on one spot: every pair of them shares a neck, 719,400 necks. The host counts them against
-- the cap before it makes one, so the file stops at the frame that would have measured them, not after the
-- host built hundreds of megabytes of necks outside the cap.
test("every shape on one spot", function()
  local shapes = {}
  for i = 1, 1200 do shapes[i] = { id = "b" .. i, x = 20, y = 100, w = 44, h = 44, shape = "circle" } end
  local s = Stage{}
  s:glassGroup{ spacing = 16, shapes = shapes }
  s:frames(2)
end)
