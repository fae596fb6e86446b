--! expect-error: memory limit of 16 MiB exceeded
--! max-memory: 16
test("a table that grows without end", function()
  local t = {}
  local i = 0
  while true do i = i + 1; t[i] = { i } end
end)
