// The new-game form: show only the seat rows the chosen number of seats uses (the server ignores
// the others anyway, so the form works the same without this file).
document.addEventListener("DOMContentLoaded", () => {
  const seats = document.getElementById("id_seats");
  if (!seats) return;
  const rows = document.querySelectorAll(".newgame-seat[data-seat]");
  const update = () => {
    const count = parseInt(seats.value, 10);
    rows.forEach((row) => {
      row.hidden = Number.isFinite(count) && Number(row.dataset.seat) >= count;
    });
  };
  seats.addEventListener("input", update);
  update();
});
