// A classic script, the one script that runs when index.html is opened from disk (file://),
// where browsers refuse the page's module scripts and its worker: it shows the note that says
// to open url-hash-lab.html instead, and hides the controls that would stay blank. It also
// sets the theme before the page is drawn: the reader's choice, else the system's.
try {
  const choice = localStorage.getItem('uhl-theme');
  const dark = choice ? choice === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
} catch {
  // Storage may be off: the system's choice, from app.js.
}
if (location.protocol === 'file:') {
  document.documentElement.classList.add('from-disk');
  document.addEventListener('DOMContentLoaded', () => {
    document.getElementById('from-disk').hidden = false;
  });
}
