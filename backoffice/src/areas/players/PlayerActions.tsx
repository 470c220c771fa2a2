// The actions on a player the operator's role allows (status and flags, balance adjustment, log-out everywhere, debt
// write-off, STR), their dialogs, and the note of the last change.
import { useState } from 'react';
import { PLAYER_ADJUST_ROLES, PLAYER_SESSION_ROLES, PLAYER_STATUS_ROLES, type StaffPlayerProfile } from '@khela/contracts';
import { Button, StatusText } from '@khela/web';
import { allows, useStaffAccount } from '../../staff/context';
import { Toolbar } from '../../ui/layout';
import { StrButton } from '../risk/StrButton';
import { DebtWriteOff } from './DebtWriteOff';
import { AdjustForm, RevokeForm, StatusForm } from './forms';

export function PlayerActions(props: { player: StaffPlayerProfile; flash: string | null; onSaved: (message: string) => void }) {
  const op = useStaffAccount();
  const p = props.player;
  const [dialog, setDialog] = useState<null | 'status' | 'adjust' | 'revoke-all'>(null);
  const saved = (message: string) => {
    setDialog(null);
    props.onSaved(message);
  };
  return (
    <>
      <Toolbar>
        {allows(op, PLAYER_STATUS_ROLES) && (
          <Button variant="secondary" onClick={() => setDialog('status')}>
            Status and flags…
          </Button>
        )}
        {allows(op, PLAYER_ADJUST_ROLES) && (
          <Button variant="secondary" onClick={() => setDialog('adjust')}>
            Adjust balance…
          </Button>
        )}
        {allows(op, PLAYER_SESSION_ROLES) && (
          <Button variant="secondary" onClick={() => setDialog('revoke-all')}>
            Log out everywhere…
          </Button>
        )}
        <DebtWriteOff player={p} onSaved={props.onSaved} />
        <StrButton player={p.id} />
        <StatusText>{props.flash}</StatusText>
      </Toolbar>
      <StatusForm player={p} open={dialog === 'status'} onClose={() => setDialog(null)} onSaved={saved} />
      <AdjustForm player={p} open={dialog === 'adjust'} onClose={() => setDialog(null)} onSaved={saved} />
      <RevokeForm playerId={p.id} session={null} open={dialog === 'revoke-all'} onClose={() => setDialog(null)} onSaved={saved} />
    </>
  );
}
