--! expect-error: instruction limit of 1000000 exceeded
--! max-instructions: 1000000
-- A coroutine made before any test runs inherits the limits hook and cannot escape it.
local spin = coroutine.wrap(function() while true do end end)
test("a coroutine loops forever", function() spin() end)
