// A scan is heard and felt: a short beep through Web Audio and a 60 ms buzz where the phone can,
// so the buyer moves on to the next pack without looking at the screen. Opened from the press
// that opens the scanner, because Safari lets sound start only from a user's gesture.

export interface ScanFeedback {
  /** One accepted scan. */
  signal(): void;
  close(): void;
}

const BEEP_HZ = 1800;
const BEEP_SECONDS = 0.08;

export function openScanFeedback(): ScanFeedback {
  const audio = typeof AudioContext === "function" ? new AudioContext() : null;
  // Some browsers start a context suspended even in a gesture; resuming it there is allowed.
  if (audio?.state === "suspended") void audio.resume();
  return {
    signal() {
      navigator.vibrate?.(60);
      if (!audio || audio.state !== "running") return;
      const start = audio.currentTime;
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = BEEP_HZ;
      volume.gain.setValueAtTime(0.2, start);
      volume.gain.exponentialRampToValueAtTime(0.001, start + BEEP_SECONDS);
      tone.connect(volume).connect(audio.destination);
      tone.start(start);
      tone.stop(start + BEEP_SECONDS);
    },
    close() {
      if (audio && audio.state !== "closed") void audio.close();
    },
  };
}
