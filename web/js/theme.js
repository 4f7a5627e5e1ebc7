// The colour theme: auto, light or dark, remembered.
import { $, announce, settings } from './app.js';
import { saveSettings } from './store.js';

// The palette in use: the chosen one, or in "auto" the system's (followed as it changes).
const systemDark = window.matchMedia('(prefers-color-scheme: dark)');
export function applyTheme() {
  document.documentElement.dataset.theme = settings.theme;
  const dark = settings.theme === 'dark' || (settings.theme === 'auto' && systemDark.matches);
  document.documentElement.dataset.scheme = dark ? 'dark' : 'light';
  const b = $('#btn-theme');
  const label = { auto: 'auto', light: 'light', dark: 'dark' }[settings.theme];
  // A phone shows the icon alone (the label is in aria-label).
  const icon = { auto: '◐', light: '☀', dark: '☾' }[settings.theme];
  b.innerHTML = `<span aria-hidden="true">${icon}</span><span class="wide-only"> Theme: ${label}</span>`;
  b.setAttribute('aria-label', `Colour theme: ${label === 'auto' ? 'automatic' : label} (click to change)`);
}

export function wireTheme() {
  systemDark.addEventListener('change', applyTheme);
  $('#btn-theme').addEventListener('click', () => {
    settings.theme = { auto: 'light', light: 'dark', dark: 'auto' }[settings.theme] || 'auto';
    saveSettings(settings);
    applyTheme();
    announce(`Theme: ${settings.theme}`);
  });
}
