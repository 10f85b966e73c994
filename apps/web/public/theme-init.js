// Runs before the app: puts the saved theme class on <html> so a dark-theme user never sees a light flash.
/* global document */
(function () {
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
