-- Most players here reach the site through a mobile carrier's NAT: thousands of them share one public address, so
-- "several accounts from one address" would raise an alert for ordinary players all day. The rule ships off; risk
-- staff turn it on (with figures that fit their traffic) where it means something, e.g. for an agent's shop.
UPDATE risk_rules SET enabled = false WHERE kind = 'shared_address';
