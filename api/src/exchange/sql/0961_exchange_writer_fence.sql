-- The lease's fence as one call that fails (issue 28): it renews the market's lease row when the caller still holds
-- it at that epoch and raises KL001 when not. A failing statement aborts its transaction, so the fence can be sent in
-- the same round trip as the COMMIT: the server then answers the COMMIT with ROLLBACK (db/types.ts TxOptions
-- lastWithCommit; exchange/writer/lease.ts fence).
CREATE FUNCTION exchange_writer_fence(p_market text, p_owner text, p_epoch bigint, p_lease_ms int) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE exchange_market_leases SET expires_at = clock_timestamp() + p_lease_ms * interval '1 millisecond'
   WHERE market_id = p_market AND owner = p_owner AND epoch = p_epoch;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'exchange writer: the lease of market % was lost (epoch %)', p_market, p_epoch
      USING ERRCODE = 'KL001';
  END IF;
END;
$$;
