import { useEffect, useState } from "react";
import { type DeviceInfo, detectDevice } from "./device-class.ts";

function currentDevice(): DeviceInfo {
  return detectDevice({
    userAgent: navigator.userAgent,
    width: window.innerWidth,
    maxTouchPoints: navigator.maxTouchPoints,
  });
}

/** The device class of this browser, updated when the viewport is resized (an unknown device may change class). */
export function useDevice(): DeviceInfo {
  const [device, setDevice] = useState(currentDevice);
  useEffect(() => {
    const update = () => setDevice(currentDevice());
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return device;
}
