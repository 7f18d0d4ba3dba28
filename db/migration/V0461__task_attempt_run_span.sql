-- Statements and budgets select the attempts whose run overlaps a period (started before its
-- end, ended after its start or still running). Neither the started_at nor the ended_at index
-- bounds that on both sides: a month in the middle of a year read half of all attempts. A GiST
-- index on the run's span answers the overlap itself (decision 0064). An end before the start
-- (never written by the runtime) is an empty span instead of an error in every write.
create index task_attempt_run_span on task_attempt using gist ((
    case when ended_at is null then tstzrange(started_at, null)
         else tstzrange(started_at, greatest(started_at, ended_at)) end))
    where started_at is not null;
