--! expect-error: time limit of 0.1 s exceeded
--! max-seconds: 0.1
-- A pathological pattern runs inside one C call where no hook fires; the runner stops the worker. The limit is a
-- fraction of a second so the suite does not wait on it (the worker is killed 0.2 s after it is handed the
-- file); a worker that has not reached the test by then is stopped with the same message. Of the runner's
-- words about a killed worker only the limit itself may meet an expected error (see docs/guides/running-scenarios.md), so a crash or any
-- other refusal still fails this file.
test("backtracks for minutes", function()
  string.find(("a"):rep(800), ".-.-.-b")
end)
