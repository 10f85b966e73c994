// Runs before the app: puts the saved theme class on <html> so a dark-theme user never sees a light flash.
// And scroll positions are the router's alone (scroll-on-load.ts): a refresh or a typed address opens at the
// top, and Back or Forward put the old position back. The browser is told not to restore one itself, since
// index.html's painted shell makes the page tall enough for it to, and on Back it would then follow the element
// it had in view as the page's content arrives above it. For the same reason scroll anchoring is off for the
// first seconds of a Back or Forward load (until the user scrolls by hand), so the router's position holds.
/* global document, history, addEventListener, removeEventListener */
(function () {
  var navigation = performance.getEntriesByType("navigation")[0];
  history.scrollRestoration = "manual";
  if (navigation && navigation.type === "back_forward") {
    var root = document.documentElement;
    root.classList.add("no-scroll-anchor");
    var anchorAgain = function () {
      root.classList.remove("no-scroll-anchor");
      ["wheel", "touchstart", "keydown"].forEach(function (type) {
        removeEventListener(type, anchorAgain);
      });
    };
    ["wheel", "touchstart", "keydown"].forEach(function (type) {
      addEventListener(type, anchorAgain, { passive: true });
    });
    setTimeout(anchorAgain, 5000);
  }
  try {
    var theme = localStorage.getItem("tradeshop.theme");
    if (theme === "dark-theme" || theme === "light-theme") {
      document.documentElement.classList.remove("light-theme", "dark-theme");
      document.documentElement.classList.add(theme);
    }
  } catch {
    // Storage blocked: keep the default light theme.
  }
})();
