// Area 'chat' of the console (see src/areas.ts): the support desk and its canned replies.
import { Route, Routes } from 'react-router';
import { Desk } from './Desk';
import { CannedReplies } from './Canned';

export default function Area() {
  return (
    <Routes>
      <Route path="canned" element={<CannedReplies />} />
      <Route path=":chatId" element={<Desk />} />
      <Route path="*" element={<Desk />} />
    </Routes>
  );
}
