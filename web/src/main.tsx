import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { restoreSession } from './app/restore-session.js';
import { createAppStore } from './app/store.js';
import './index.css';

const store = createAppStore();
void restoreSession(store);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
