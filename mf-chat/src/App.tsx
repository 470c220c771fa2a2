import { Routes, Route, Navigate } from 'react-router';
import './i18n';
import { ChatEntry } from './screens/ChatEntry';
import { ChatList } from './screens/ChatList';
import { ChatBox } from './screens/ChatBox';

export function App() {
  return (
    <Routes>
      <Route path="/chat" element={<ChatEntry />} />
      <Route path="/chat-list" element={<ChatList />} />
      <Route path="/chat-box/:chatId" element={<ChatBox />} />
      <Route path="*" element={<Navigate to="/chat" replace />} />
    </Routes>
  );
}
