/** How much of the upload has been sent, as a bar and a number read out politely. */
export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="flex items-center gap-3">
      <progress aria-label="Upload progress" max={100} value={percent} className="h-2 flex-1" />
      <span aria-live="polite">{percent}%</span>
    </div>
  );
}
