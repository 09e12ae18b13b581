// A classic script, the one script that runs when index.html is opened from disk (file://),
// where browsers refuse the page's module scripts and its worker: it shows the note that says
// to open url-hash-lab.html instead, and hides the controls that would stay blank.
if (location.protocol === 'file:') {
  document.documentElement.classList.add('from-disk');
  document.addEventListener('DOMContentLoaded', () => {
    document.getElementById('from-disk').hidden = false;
  });
}
