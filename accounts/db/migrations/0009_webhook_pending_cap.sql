-- At most 1,000 pending deliveries per webhook endpoint (MAX_PENDING_WEBHOOK_DELIVERIES,
-- docs/webhooks.md#retries-order-and-disabling). A delivery queued past it is stored failed at once,
-- saying why, so a dead endpoint's queue stays bounded for the day it is retried, while the
-- deliveries kept are still sent at least once, in order. The oldest are kept rather than the
-- newest: the head of the queue carries the back-off and the 24 h give-up, and its receiver gets a
-- gapless start of the stream. A trigger, so every statement that queues (history records,
-- tracking changes, billing, test, redeliver) meets it. The count runs in the inserting statement:
-- it sees the rows the same statement queued before (a batch crossing the cap), but two
-- transactions queuing at the same instant may each take the last slot (a few over at most).
CREATE FUNCTION webhook_deliveries_pending_cap() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'pending' AND (
    SELECT count(*) FROM (
      SELECT 1 FROM webhook_deliveries WHERE endpoint_id = NEW.endpoint_id AND status = 'pending' LIMIT 1000
    ) queued
  ) >= 1000 THEN
    NEW.status := 'failed';
    NEW.last_error := 'not queued: 1000 deliveries to this endpoint were already pending';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER webhook_deliveries_pending_cap BEFORE INSERT ON webhook_deliveries
  FOR EACH ROW EXECUTE FUNCTION webhook_deliveries_pending_cap();
