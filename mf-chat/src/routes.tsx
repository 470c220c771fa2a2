import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { ChatEntry } from './screens/ChatEntry';
import { ChatList } from './screens/ChatList';
import { ChatBox } from './screens/ChatBox';

/** Every path of this remote and the screen that renders it; shell/src/routes.ts maps these paths to this remote. */
export const routes: RouteObject[] = [
  { path: '/chat', element: <ChatEntry /> },
  { path: '/chat-list', element: <ChatList /> },
  { path: '/chat-box/:chatId', element: <ChatBox /> },
  { path: '*', element: <Navigate to="/chat" replace /> },
];
