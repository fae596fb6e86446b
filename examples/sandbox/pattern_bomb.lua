--! expect-error: time limit of 0.5 s exceeded
--! max-seconds: 0.5
-- A pathological pattern runs inside one C call where no hook fires; the runner stops the worker. The limit is a
-- fraction of a second so the suite does not wait on it (the worker is killed 1 s after it starts), yet leaves a
-- slow machine room to reach the test. Of the runner's words about a killed worker only the limit itself may meet
-- an expect-error (see the README), so that is what this file expects; a crash or any other refusal fails it.
test("backtracks for minutes", function()
  string.find(("a"):rep(800), ".-.-.-b")
end)
