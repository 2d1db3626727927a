// pdf.js ships no types for its worker module: the part readflow uses (lib/pdf/port.ts).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: {
    /** Serve pdf.js' API over `port` (anything with postMessage and addEventListener("message")). */
    initializeFromPort(port: unknown): void;
  };
}
