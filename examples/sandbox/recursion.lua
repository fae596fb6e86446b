--! expect-error: stack overflow
-- Unbounded recursion ends with Lua's own stack overflow error, not a crash.
local function down(n) return 1 + down(n + 1) end
test("recurses without end", function() down(1) end)
