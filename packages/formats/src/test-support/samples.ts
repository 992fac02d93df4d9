/** Small hand-written TCX and GPX documents for tests that must run without the fixture corpus. */

export function sampleGpx(points = 60, opts: { powerW?: number; startIso?: string } = {}): string {
  const start = Date.parse(opts.startIso ?? '2024-05-01T08:00:00Z');
  const rows: string[] = [];
  for (let i = 0; i < points; i++) {
    const lat = (45 + i * 0.0001).toFixed(7);
    const time = new Date(start + i * 1000).toISOString();
    rows.push(
      `<trkpt lat="${lat}" lon="7.0000000"><ele>${100 + i * 0.1}</ele><time>${time}</time>` +
        `<extensions><power>${opts.powerW ?? 200}</power><gpxtpx:TrackPointExtension>` +
        `<gpxtpx:hr>140</gpxtpx:hr><gpxtpx:cad>90</gpxtpx:cad><gpxtpx:atemp>20</gpxtpx:atemp>` +
        `</gpxtpx:TrackPointExtension></extensions></trkpt>`,
    );
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<gpx creator="Test" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" ' +
    'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">' +
    `<trk><name>Morning &amp; ride</name><type>cycling</type><trkseg>${rows.join('')}</trkseg></trk></gpx>`
  );
}

export function sampleTcx(
  points = 60,
  opts: { powerW?: number; pauseAfter?: number; pauseS?: number } = {},
): string {
  const start = Date.parse('2024-05-01T08:00:00Z');
  const tracks: string[][] = [[]];
  let offsetS = 0;
  for (let i = 0; i < points; i++) {
    if (opts.pauseAfter !== undefined && i === opts.pauseAfter) {
      tracks.push([]);
      offsetS += opts.pauseS ?? 60;
    }
    const time = new Date(start + (i + offsetS) * 1000).toISOString();
    tracks[tracks.length - 1]?.push(
      `<Trackpoint><Time>${time}</Time><DistanceMeters>${i * 8}</DistanceMeters>` +
        `<HeartRateBpm><Value>150</Value></HeartRateBpm><Cadence>85</Cadence>` +
        `<Extensions><ns3:TPX><ns3:Speed>8</ns3:Speed><ns3:Watts>${opts.powerW ?? 250}</ns3:Watts></ns3:TPX></Extensions>` +
        '</Trackpoint>',
    );
  }
  const trackXml = tracks.map((t) => `<Track>${t.join('')}</Track>`).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" ' +
    'xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2"><Activities><Activity Sport="Biking">' +
    `<Id>2024-05-01T08:00:00Z</Id><Lap StartTime="2024-05-01T08:00:00Z"><TotalTimeSeconds>${points - 1}</TotalTimeSeconds>` +
    `<DistanceMeters>${(points - 1) * 8}</DistanceMeters><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod>` +
    `${trackXml}<Extensions><ns3:LX><ns3:AvgWatts>${opts.powerW ?? 250}</ns3:AvgWatts></ns3:LX></Extensions></Lap>` +
    '<Creator><Name>Test Unit</Name></Creator></Activity></Activities></TrainingCenterDatabase>'
  );
}

export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
