// Starting and stopping the bench's own Node servers (the fixture web, the fake provider) on 127.0.0.1: stop closes
// keep-alive connections too, so a run never waits on a client's idle socket.
/** Listens on `port` and returns `stop()`. */
export async function listen(server, port) {
  const sockets = new Set();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return () =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
}
