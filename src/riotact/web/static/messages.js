// The message box: this seat's messages to the others (or all), sent as its rules allow (Game.say).
// The server judges and refuses with the rule's reason; what arrives is shown in the seat's own log.
"use strict";
const Messages = {
  draw(message) {
    const select = document.getElementById("say-to");
    const names = [...message.seats.map((s) => s.seat).filter((s) => s !== message.seat && s !== "umpire"), "all"];
    if ([...select.options].map((o) => o.value).join() === names.join()) return;
    const chosen = select.value;
    select.replaceChildren(...names.map((name) => el("option", { value: name, text: name })));
    if (names.includes(chosen)) select.value = chosen;
  },
};
document.getElementById("say-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = document.getElementById("say-text");
  if (!text.value.trim()) return;
  banner("");
  send({ type: "say", to: document.getElementById("say-to").value, text: text.value });
  text.value = "";
});
