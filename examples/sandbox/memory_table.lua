--! expect-error: memory limit of 4 MiB exceeded
--! max-memory: 4
test("a table that grows without end", function()
  local t = {} -- luacheck: ignore 241 (kept only to fill the memory)
  local i = 0
  while true do i = i + 1; t[i] = { i } end
end)
